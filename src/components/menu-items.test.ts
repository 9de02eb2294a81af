// Which side-menu items each kind of user sees, and which item a page belongs to.
import { describe, expect, it } from 'vitest';
import { getMenu, isCurrent, MENU, type MenuEntry, type MenuLink } from './menu-items';

const names = (entries: MenuEntry[]): string[] =>
  entries.flatMap((e) => (e.kind === 'link' ? [e.name] : [e.name, ...e.items.map((i) => `${e.name} > ${i.name}`)]));

const item = (name: string): MenuLink => {
  const found = MENU.flatMap((e) => (e.kind === 'link' ? [e] : e.items)).find((e) => e.name === name);
  if (!found) throw new Error(`no menu item ${name}`);
  return found;
};

describe('getMenu', () => {
  it('gives a partner with show_analytics everything but Analytics', () => {
    expect(names(getMenu({ showAnalytics: true, dashboard: null }))).toEqual([
      'Dashboard',
      'Details',
      'Global',
      'Top rankings',
      'Top rankings > Channels',
      'Top rankings > Networks',
      'Trends',
      'Search for a channel',
      'Statements',
      'Support',
    ]);
  });

  it('gives the analytics-dashboard user the whole menu', () => {
    expect(names(getMenu({ showAnalytics: true, dashboard: 'analytics' }))).toEqual([
      'Dashboard',
      'Details',
      'Analytics',
      'Global',
      'Top rankings',
      'Top rankings > Channels',
      'Top rankings > Networks',
      'Trends',
      'Search for a channel',
      'Statements',
      'Support',
    ]);
  });

  it('drops the public-stats items and their group without show_analytics', () => {
    expect(names(getMenu({ showAnalytics: false, dashboard: null }))).toEqual(['Dashboard', 'Details', 'Statements', 'Support']);
    expect(names(getMenu({ showAnalytics: false, dashboard: null, support: true }))).toEqual([
      'Dashboard',
      'Details',
      'Statements',
      'Support',
      'Support inbox',
    ]);
  });

  it('adds the operator console for staff accounts only', () => {
    expect(names(getMenu({ showAnalytics: false, dashboard: null, staff: true }))).toEqual([
      'Dashboard',
      'Details',
      'Statements',
      'Support',
      'Operator console',
    ]);
    expect(isCurrent(item('Operator console'), '/admin/users')).toBe(true);
    expect(isCurrent(item('Operator console'), '/administration')).toBe(false);
  });

  it('gives a visitor the public pages only', () => {
    expect(names(getMenu(null))).toEqual([
      'Global',
      'Top rankings',
      'Top rankings > Channels',
      'Top rankings > Networks',
      'Trends',
      'Search for a channel',
    ]);
  });
});

describe('isCurrent', () => {
  it('marks Details on every details and analytics-tab page', () => {
    expect(isCurrent(item('Details'), '/details/views/')).toBe(true);
    expect(isCurrent(item('Details'), '/analytics/subs/chart')).toBe(true);
    expect(isCurrent(item('Details'), '/analytics')).toBe(false);
    expect(isCurrent(item('Analytics'), '/analytics')).toBe(true);
  });

  it('marks the ranking lists on their own entity pages', () => {
    expect(isCurrent(item('Channels'), '/channel/UC123')).toBe(true);
    expect(isCurrent(item('Channels'), '/channels')).toBe(true);
    expect(isCurrent(item('Networks'), '/network/7')).toBe(true);
    expect(isCurrent(item('Channels'), '/channelsx')).toBe(false);
    expect(isCurrent(item('Trends'), '/trend/video/abc')).toBe(true);
  });
});
