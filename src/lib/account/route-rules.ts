// Which page a visitor may see at a path, decided once on the server before anything renders.

/** What the route rules need to know about the signed-in user (null when signed out). */
export interface RouteViewer {
  showAnalytics: boolean;
  dashboard: 'analytics' | null;
  /** Staff who answer support tickets. */
  support?: boolean;
  /** Operators: the console under /admin. */
  staff?: boolean;
  /** Limited to in-house channels: no Subscribers pages (docs/partner-area.md, "Who sees what"). */
  onlyInhouseChannels?: boolean;
}

/** app: the signed-in shell; public: the light public-stats layout; auth: a standalone page. */
export type RouteArea = 'app' | 'public' | 'auth';

export type RouteDecision = { action: 'render'; area: RouteArea } | { action: 'redirect'; to: string };

type Access =
  | 'signed-in' // the partner area
  | 'subscribers' // the partner area's Subscribers pages, hidden from users limited to in-house channels
  | 'signed-out' // account links that only make sense before signing in
  | 'either' // the key in the link carries the authority, or a local tool
  | 'analytics-public' // public stats: open to visitors, behind show_analytics once signed in
  | 'analytics-dashboard' // the restricted /analytics page
  | 'support-staff' // the support inbox, for users with the support flag
  | 'staff' // the operator console, for staff accounts
  | 'embed' // widgets other sites frame: the same for everyone, signed in or not
  | 'crawler'; // robots.txt and the sitemap: the same for everyone

interface RouteRule {
  pattern: RegExp;
  access: Access;
}

/** The metric pages of the details view (docs/partner-area.md, "Who sees what"). */
export const DETAILS_IDS = ['partner_revenue', 'views', 'subs', 'audience'] as const;
export const DEFAULT_DETAILS_PATH = '/details/partner_revenue';
const DETAILS_ID = `(?:${DETAILS_IDS.join('|')})`;
const SEGMENT = '[^/]+';

export const SIGNED_IN_HOME = '/dashboard';
export const SIGNED_OUT_HOME = '/';

const RULES: readonly RouteRule[] = [
  { pattern: /^\/dashboard$/, access: 'signed-in' },
  { pattern: /^\/profile$/, access: 'signed-in' },
  // Before the other details pages: the first rule a path matches decides.
  { pattern: /^\/(?:details\/subs|analytics\/subs\/(?:table|chart))$/, access: 'subscribers' },
  { pattern: new RegExp(`^/details/${DETAILS_ID}$`), access: 'signed-in' },
  { pattern: new RegExp(`^/analytics/${DETAILS_ID}/(?:table|chart)$`), access: 'signed-in' },
  { pattern: /^\/illegal\/(?:table|chart)$/, access: 'signed-in' },
  { pattern: /^\/streams$/, access: 'signed-in' },
  // A video of the user's channels (any other id answers 404 from the page itself).
  { pattern: /^\/video\/[A-Za-z0-9_-]{11}$/, access: 'signed-in' },
  { pattern: /^\/support$/, access: 'signed-in' },
  { pattern: /^\/statements(?:\/[0-9]{4}-[0-9]{2})?$/, access: 'signed-in' },
  { pattern: /^\/support\/inbox$/, access: 'support-staff' },
  { pattern: /^\/admin(?:\/(?:users|networks|connections|sync|audit|statements))?$/, access: 'staff' },
  { pattern: /^\/password\/change$/, access: 'signed-in' },
  { pattern: /^\/analytics$/, access: 'analytics-dashboard' },
  { pattern: /^\/password\/reset$/, access: 'signed-out' },
  { pattern: /^\/reset-password\/confirm$/, access: 'signed-out' },
  { pattern: /^\/invite\/confirm$/, access: 'signed-out' },
  { pattern: /^\/sign-in-link$/, access: 'signed-out' },
  { pattern: /^\/email\/confirm$/, access: 'either' },
  { pattern: /^\/dev\/outbox$/, access: 'either' },
  { pattern: /^\/(?:global|channels|networks|trends|find|compare)$/, access: 'analytics-public' },
  // The public lists' CSV downloads (docs/public-stats.md, "Downloads").
  { pattern: /^\/(?:channels|networks|find|trends|global|compare)\.csv$/, access: 'analytics-public' },
  { pattern: new RegExp(`^/network/${SEGMENT}/channels\\.csv$`), access: 'analytics-public' },
  { pattern: new RegExp(`^/trend/channel/${SEGMENT}/positions\\.csv$`), access: 'analytics-public' },
  { pattern: new RegExp(`^/trend/video/${SEGMENT}/hours\\.csv$`), access: 'analytics-public' },
  { pattern: new RegExp(`^/(?:channel|network)/${SEGMENT}$`), access: 'analytics-public' },
  { pattern: new RegExp(`^/trend/(?:channel|video)/${SEGMENT}$`), access: 'analytics-public' },
  { pattern: new RegExp(`^/embed/channel/${SEGMENT}$`), access: 'embed' },
  { pattern: /^\/(?:robots\.txt|sitemap\.xml)$/, access: 'crawler' },
  { pattern: new RegExp(`^/sitemap/${SEGMENT}$`), access: 'crawler' },
];

/** The embeddable widgets' paths: framed by other sites, so they get their own frame policy. */
const EMBED_PATH = /^\/embed\//;

/** Short paths that stand for a default view of a page. */
const ALIASES: Readonly<Record<string, string>> = {
  '/details': DEFAULT_DETAILS_PATH,
  '/illegal': '/illegal/table',
};

/** /analytics/{id} without a tab opens its table tab. */
function detailsTabAlias(path: string): string | undefined {
  const match = new RegExp(`^/analytics/(${DETAILS_ID})$`).exec(path);
  return match ? `/analytics/${match[1]}/table` : undefined;
}

/** "/profile/" and "/profile" are the same page (content tiles link with a trailing slash). */
export function normalisePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function decideAccess(access: Access, viewer: RouteViewer | null): RouteDecision {
  const home = viewer ? SIGNED_IN_HOME : SIGNED_OUT_HOME;
  switch (access) {
    case 'signed-in':
      return viewer ? { action: 'render', area: 'app' } : { action: 'redirect', to: home };
    case 'subscribers':
      return viewer && !viewer.onlyInhouseChannels ? { action: 'render', area: 'app' } : { action: 'redirect', to: home };
    case 'signed-out':
      return viewer ? { action: 'redirect', to: home } : { action: 'render', area: 'auth' };
    case 'either':
      return { action: 'render', area: 'auth' };
    case 'analytics-public':
      if (!viewer) return { action: 'render', area: 'public' };
      return viewer.showAnalytics ? { action: 'render', area: 'app' } : { action: 'redirect', to: home };
    case 'analytics-dashboard':
      return viewer?.dashboard === 'analytics' ? { action: 'render', area: 'app' } : { action: 'redirect', to: home };
    case 'support-staff':
      return viewer?.support ? { action: 'render', area: 'app' } : { action: 'redirect', to: home };
    case 'staff':
      return viewer?.staff ? { action: 'render', area: 'app' } : { action: 'redirect', to: home };
    case 'embed':
    case 'crawler':
      return { action: 'render', area: 'public' };
  }
}

/**
 * Decides whether a path renders (and in which layout) or redirects, for a signed-in viewer or a
 * visitor (null). Unknown paths go home: /dashboard when signed in, / otherwise.
 * @example decideRoute('/global', null) // { action: 'render', area: 'public' }
 * @example decideRoute('/profile', null) // { action: 'redirect', to: '/' }
 */
export function decideRoute(pathname: string, viewer: RouteViewer | null): RouteDecision {
  const path = normalisePath(pathname);
  const home = viewer ? SIGNED_IN_HOME : SIGNED_OUT_HOME;
  // The root is the login screen; /home is where the logo points.
  if (path === '/') return viewer ? { action: 'redirect', to: home } : { action: 'render', area: 'auth' };
  if (path === '/home') return { action: 'redirect', to: home };
  const alias = ALIASES[path] ?? detailsTabAlias(path);
  if (alias) return viewer ? { action: 'redirect', to: alias } : { action: 'redirect', to: home };
  const rule = RULES.find((r) => r.pattern.test(path));
  if (!rule) return { action: 'redirect', to: home };
  return decideAccess(rule.access, viewer);
}

/**
 * True when the viewer may open the path without being sent elsewhere; menus use it so a link is
 * shown exactly when the server would serve it.
 */
export function canVisit(pathname: string, viewer: RouteViewer | null): boolean {
  return decideRoute(pathname, viewer).action === 'render';
}

/**
 * True for the public stats pages (open to visitors) and the embeds built from them: the only pages the
 * edge cache may keep.
 * @example isPublicStatsPath('/channels') // true
 */
export function isPublicStatsPath(pathname: string): boolean {
  const path = normalisePath(pathname);
  return RULES.some((r) => (r.access === 'analytics-public' || r.access === 'embed') && r.pattern.test(path));
}

/**
 * True for an embeddable widget's path (any site may frame it).
 * @example isEmbedPath('/embed/channel/UCxxxxxxxxxxxxxxxxxxxxxx') // true
 */
export function isEmbedPath(pathname: string): boolean {
  return EMBED_PATH.test(pathname);
}
