// Route rules (docs/partner-area.md, "Who sees what"): every table, both sides of every flag.
import { describe, expect, it } from 'vitest';
import { canVisit, decideRoute, normalisePath, type RouteViewer } from './route-rules';

const partner: RouteViewer = { showAnalytics: true, dashboard: null };
const inhouse: RouteViewer = { showAnalytics: false, dashboard: null, onlyInhouseChannels: true };
const analyst: RouteViewer = { showAnalytics: true, dashboard: 'analytics' };
const analystWithoutPublic: RouteViewer = { showAnalytics: false, dashboard: 'analytics' };

const render = (area: 'app' | 'public' | 'auth') => ({ action: 'render', area });
const redirect = (to: string) => ({ action: 'redirect', to });

const SIGNED_IN_ROUTES = [
  '/profile',
  '/dashboard',
  '/details/partner_revenue',
  '/details/views',
  '/details/audience',
  '/analytics/views/table',
  '/analytics/audience/chart',
  '/illegal/table',
  '/illegal/chart',
  '/streams',
  '/video/dQw4w9WgXcQ',
  '/support',
  '/password/change',
];
const ANALYTICS_ROUTES = [
  '/channel/UCabc123',
  '/global',
  '/channels',
  '/networks',
  '/network/42',
  '/trends',
  '/trend/channel/UCabc123',
  '/trend/video/dQw4w9WgXcQ',
  '/find',
  '/compare',
  '/channels.csv',
  '/networks.csv',
  '/network/42/channels.csv',
  '/find.csv',
  '/trends.csv',
  '/trend/channel/UCabc123/positions.csv',
  '/trend/video/dQw4w9WgXcQ/hours.csv',
  '/global.csv',
  '/compare.csv',
];
/** The Subscribers pages: hidden from users limited to in-house channels. */
const SUBSCRIBERS_ROUTES = ['/details/subs', '/analytics/subs/table', '/analytics/subs/chart'];
const SIGNED_OUT_ROUTES = ['/password/reset', '/reset-password/confirm', '/invite/confirm', '/sign-in-link'];

describe('subscribers routes', () => {
  it.each(SUBSCRIBERS_ROUTES)('%s renders in the shell for a user not limited to in-house channels', (path) => {
    expect(decideRoute(path, partner)).toEqual(render('app'));
    expect(decideRoute(path, { ...inhouse, onlyInhouseChannels: false })).toEqual(render('app'));
    expect(canVisit(path, partner)).toBe(true);
  });
  it.each(SUBSCRIBERS_ROUTES)('%s sends a user limited to in-house channels to the dashboard, as other closed pages', (path) => {
    expect(decideRoute(path, inhouse)).toEqual(redirect('/dashboard'));
    expect(decideRoute(`${path}/`, inhouse)).toEqual(redirect('/dashboard'));
    expect(canVisit(path, inhouse)).toBe(false);
  });
  it.each(SUBSCRIBERS_ROUTES)('%s sends a visitor to the login screen', (path) => {
    expect(decideRoute(path, null)).toEqual(redirect('/'));
  });
  it('the short form /analytics/subs opens the table tab, which the in-house rule then closes', () => {
    expect(decideRoute('/analytics/subs', inhouse)).toEqual(redirect('/analytics/subs/table'));
    expect(decideRoute('/analytics/subs/table', inhouse)).toEqual(redirect('/dashboard'));
  });
  it('the other details pages stay open to users limited to in-house channels', () => {
    for (const id of ['partner_revenue', 'views', 'audience']) {
      expect(decideRoute(`/details/${id}`, inhouse)).toEqual(render('app'));
      expect(decideRoute(`/analytics/${id}/chart`, inhouse)).toEqual(render('app'));
    }
  });
});

describe('signed-in routes', () => {
  it.each(SIGNED_IN_ROUTES)('%s renders in the shell when signed in', (path) => {
    expect(decideRoute(path, partner)).toEqual(render('app'));
    expect(decideRoute(path, inhouse)).toEqual(render('app'));
  });
  it.each(SIGNED_IN_ROUTES)('%s sends a visitor to the login screen', (path) => {
    expect(decideRoute(path, null)).toEqual(redirect('/'));
  });
});

describe('signed-out-only routes', () => {
  it.each(SIGNED_OUT_ROUTES)('%s renders as a standalone page for a visitor', (path) => {
    expect(decideRoute(path, null)).toEqual(render('auth'));
  });
  it.each(SIGNED_OUT_ROUTES)('%s sends a signed-in user to the dashboard', (path) => {
    expect(decideRoute(path, partner)).toEqual(redirect('/dashboard'));
  });
});

describe('routes behind show_analytics', () => {
  it.each(ANALYTICS_ROUTES)('%s is public for a visitor', (path) => {
    expect(decideRoute(path, null)).toEqual(render('public'));
  });
  it.each(ANALYTICS_ROUTES)('%s renders in the shell with show_analytics', (path) => {
    expect(decideRoute(path, partner)).toEqual(render('app'));
  });
  it.each(ANALYTICS_ROUTES)('%s sends a user without show_analytics to the dashboard', (path) => {
    expect(decideRoute(path, inhouse)).toEqual(redirect('/dashboard'));
    expect(decideRoute(path, analystWithoutPublic)).toEqual(redirect('/dashboard'));
  });
  it('needs an id on the id pages', () => {
    expect(decideRoute('/channel', partner)).toEqual(redirect('/dashboard'));
    expect(decideRoute('/trend/video', null)).toEqual(redirect('/'));
  });
});

describe('/admin/connections', () => {
  it('opens only for staff; others go home', () => {
    expect(decideRoute('/admin/connections', { ...partner, staff: true })).toEqual(render('app'));
    expect(decideRoute('/admin/connections', { ...partner, support: true })).toEqual(redirect('/dashboard'));
    expect(decideRoute('/admin/connections', partner)).toEqual(redirect('/dashboard'));
    expect(decideRoute('/admin/connections', null)).toEqual(redirect('/'));
  });
});

describe('/support/inbox', () => {
  it('opens only for support staff; others go home', () => {
    expect(decideRoute('/support/inbox', { ...partner, support: true })).toEqual(render('app'));
    expect(decideRoute('/support/inbox/', { ...inhouse, support: true })).toEqual(render('app'));
    expect(decideRoute('/support/inbox', partner)).toEqual(redirect('/dashboard'));
    expect(decideRoute('/support/inbox', analyst)).toEqual(redirect('/dashboard'));
    expect(decideRoute('/support/inbox', null)).toEqual(redirect('/'));
  });
});

describe('/admin (the operator console)', () => {
  const CONSOLE_PATHS = ['/admin', '/admin/', '/admin/users', '/admin/networks', '/admin/sync', '/admin/audit'];
  it('opens only for staff accounts; others go home', () => {
    for (const path of CONSOLE_PATHS) {
      expect(decideRoute(path, { ...inhouse, staff: true })).toEqual(render('app'));
      expect(decideRoute(path, partner)).toEqual(redirect('/dashboard'));
      expect(decideRoute(path, { ...analyst, support: true })).toEqual(redirect('/dashboard'));
      expect(decideRoute(path, null)).toEqual(redirect('/'));
    }
  });
  it('knows no other console path', () => {
    expect(decideRoute('/admin/nothing', { ...partner, staff: true })).toEqual(redirect('/dashboard'));
  });
});

describe('/analytics', () => {
  it('opens only for the analytics-dashboard user', () => {
    expect(decideRoute('/analytics', analyst)).toEqual(render('app'));
    expect(decideRoute('/analytics', analystWithoutPublic)).toEqual(render('app'));
  });
  it('sends other users to the dashboard and visitors to the login screen', () => {
    expect(decideRoute('/analytics', partner)).toEqual(redirect('/dashboard'));
    expect(decideRoute('/analytics', inhouse)).toEqual(redirect('/dashboard'));
    expect(decideRoute('/analytics', null)).toEqual(redirect('/'));
  });
  it('opens a details id without a tab on its table tab', () => {
    expect(decideRoute('/analytics/subs', partner)).toEqual(redirect('/analytics/subs/table'));
    expect(decideRoute('/analytics/subs', null)).toEqual(redirect('/'));
  });
  it('knows only the table and chart tabs and the four metrics', () => {
    expect(decideRoute('/analytics/views/map', partner)).toEqual(redirect('/dashboard'));
    expect(decideRoute('/analytics/likes/table', partner)).toEqual(redirect('/dashboard'));
  });
});

describe('root, home and defaults', () => {
  it('shows the login screen at the root when signed out', () => {
    expect(decideRoute('/', null)).toEqual(render('auth'));
  });
  it('sends a signed-in user from the root to the dashboard', () => {
    expect(decideRoute('/', partner)).toEqual(redirect('/dashboard'));
  });
  it('takes the logo link /home to the right start page', () => {
    expect(decideRoute('/home', partner)).toEqual(redirect('/dashboard'));
    expect(decideRoute('/home', null)).toEqual(redirect('/'));
  });
  it('opens /details on partner_revenue and /illegal on its table', () => {
    expect(decideRoute('/details', partner)).toEqual(redirect('/details/partner_revenue'));
    expect(decideRoute('/details/', partner)).toEqual(redirect('/details/partner_revenue'));
    expect(decideRoute('/illegal', inhouse)).toEqual(redirect('/illegal/table'));
    expect(decideRoute('/details', null)).toEqual(redirect('/'));
  });
});

describe('links that work either way', () => {
  it('lets /email/confirm render signed in and signed out', () => {
    expect(decideRoute('/email/confirm', null)).toEqual(render('auth'));
    expect(decideRoute('/email/confirm', partner)).toEqual(render('auth'));
  });
  it('lets /dev/outbox render signed in and signed out (the page checks the environment)', () => {
    expect(decideRoute('/dev/outbox', null)).toEqual(render('auth'));
    expect(decideRoute('/dev/outbox', inhouse)).toEqual(render('auth'));
  });
});

describe('unknown paths', () => {
  it.each(['/nope', '/details/likes', '/profile/edit', '/dev', '/api-docs', '/illegal/map'])(
    '%s goes to the dashboard when signed in and to the root otherwise',
    (path) => {
      expect(decideRoute(path, partner)).toEqual(redirect('/dashboard'));
      expect(decideRoute(path, null)).toEqual(redirect('/'));
    },
  );
});

describe('trailing slashes', () => {
  it('treats /details/views/ as /details/views', () => {
    expect(normalisePath('/details/views/')).toBe('/details/views');
    expect(normalisePath('/')).toBe('/');
    expect(decideRoute('/details/views/', partner)).toEqual(render('app'));
    expect(decideRoute('/profile//', null)).toEqual(redirect('/'));
  });
});

describe('canVisit', () => {
  it('is true exactly when the path renders', () => {
    expect(canVisit('/global', partner)).toBe(true);
    expect(canVisit('/global', inhouse)).toBe(false);
    expect(canVisit('/analytics', analyst)).toBe(true);
    expect(canVisit('/analytics', partner)).toBe(false);
    expect(canVisit('/details', partner)).toBe(false);
  });
});
