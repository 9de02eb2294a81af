// The side menu (docs/partner-area.md, "Shell"), filtered by the same route rules the server enforces.
import { canVisit, DEFAULT_DETAILS_PATH, normalisePath, type RouteViewer } from '../lib/account/route-rules';
import type { IconName } from './icon-paths';

export interface MenuLink {
  kind: 'link';
  name: string;
  href: string;
  icon: IconName;
  /** Paths (beyond href) that belong to this item, for marking the current page. */
  section: RegExp;
}

export interface MenuGroup {
  kind: 'group';
  name: string;
  icon: IconName;
  items: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

const link = (name: string, href: string, icon: IconName, section: RegExp): MenuLink => ({
  kind: 'link',
  name,
  href,
  icon,
  section,
});

export const MENU: readonly MenuEntry[] = [
  link('Dashboard', '/dashboard', 'dashboard', /^\/dashboard$/),
  link('Details', DEFAULT_DETAILS_PATH, 'details', /^\/(?:details|analytics)\/[^/]+/),
  link('Analytics', '/analytics', 'analytics', /^\/analytics$/),
  link('Global', '/global', 'global', /^\/global$/),
  {
    kind: 'group',
    name: 'Top rankings',
    icon: 'rankings',
    items: [
      link('Channels', '/channels', 'channels', /^\/channels?(?:$|\/)/),
      link('Networks', '/networks', 'networks', /^\/networks?(?:$|\/)/),
    ],
  },
  link('Trends', '/trends', 'trends', /^\/trends?(?:$|\/)/),
  link('Search for a channel', '/find', 'search', /^\/find$/),
  link('Statements', '/statements', 'statements', /^\/statements(?:$|\/)/),
  link('Support', '/support', 'support', /^\/support$/),
  link('Support inbox', '/support/inbox', 'support', /^\/support\/inbox$/),
  link('Operator console', '/admin', 'console', /^\/admin(?:$|\/)/),
];

/**
 * The entries this viewer may open; a group stays only while one of its items does.
 * @example getMenu(null).map((e) => e.name) // ['Global', 'Top rankings', 'Trends', 'Search for a channel']
 */
export function getMenu(viewer: RouteViewer | null): MenuEntry[] {
  const entries: MenuEntry[] = [];
  for (const entry of MENU) {
    if (entry.kind === 'link') {
      if (canVisit(entry.href, viewer)) entries.push(entry);
      continue;
    }
    const items = entry.items.filter((item) => canVisit(item.href, viewer));
    if (items.length > 0) entries.push({ ...entry, items });
  }
  return entries;
}

/** True when the page at pathname belongs to the menu item (for aria-current). */
export function isCurrent(item: MenuLink, pathname: string): boolean {
  return item.section.test(normalisePath(pathname));
}
