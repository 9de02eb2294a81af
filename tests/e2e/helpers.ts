// Shared steps for the browser tests: the demo sign-ins, signing in through the form, the outbox.
import { expect, type APIRequestContext, type APIResponse, type Locator, type Page } from '@playwright/test';
import { DEMO_USERS, type DemoRole, type DemoUser } from '../../scripts/demo/users';

/** The demo account for a role; every test database is seeded with all four. */
export function demoUser(role: DemoRole): DemoUser {
  const user = DEMO_USERS.find((u) => u.role === role);
  if (!user) throw new Error(`no demo user with role ${role}`);
  return user;
}

/** Signs in through the login screen, as a person would, and waits for the dashboard. */
/** Fills the sign-in form already on the page and sends it. */
export async function submitSignIn(page: Page, login: string, password: string): Promise<void> {
  // Focusing a field wakes the form (client:interaction); the button is enabled once it can send, and
  // Enter does nothing before that.
  await page.getByLabel('Login').fill(login);
  await page.getByLabel('Password').fill(password);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
  await page.getByLabel('Password').press('Enter');
}

/**
 * Signs a demo account in through the API only: the request context (and its page) carries the session.
 * @example await signInByApi(page.request, 'network')
 */
export async function signInByApi(request: APIRequestContext, role: DemoRole): Promise<void> {
  const user = demoUser(role);
  const response = await request.post('/api/auth/login', { data: { login: user.email, password: user.password } });
  expect(response.ok(), `sign-in answered ${response.status()}`).toBe(true);
}

export async function signIn(page: Page, login: string, password: string): Promise<void> {
  await page.goto('/');
  await submitSignIn(page, login, password);
  await expect(page).toHaveURL('/dashboard');
  // The URL changes when the navigation commits; the shell's script (Log out, the menu) runs before
  // DOMContentLoaded, so a click right after sign-in is not lost on a slow machine.
  await page.waitForLoadState('domcontentloaded');
}

/**
 * Logs out from a signed-in page and lands on the login screen. The shell's script wires the button
 * before DOMContentLoaded: a page reached by a form's navigation may show its heading earlier, and a
 * click then does nothing.
 */
export async function logOut(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/');
}

/**
 * Where the server sends the page's session for a path, redirects followed (path and query): a route rule
 * read from the server's answers without drawing each page it lands on (a dashboard draws its charts).
 * @example expect(await landingOf(page, '/global')).toBe('/dashboard')
 */
export async function landingOf(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path);
  const url = new URL(response.url());
  return url.pathname + url.search;
}

/** The side menu of the signed-in shell. */
export function sideMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main menu' });
}

/** The links to linkPath in the outbox mails to an address, newest first (opens /dev/outbox). */
export async function outboxLinks(page: Page, to: string, linkPath: string): Promise<string[]> {
  await page.goto('/dev/outbox');
  return page
    .getByRole('article')
    .filter({ hasText: to })
    .getByRole('link')
    .evaluateAll(
      (links, path) => links.map((link) => (link as HTMLAnchorElement).href).filter((href) => new URL(href).pathname === path),
      linkPath,
    );
}

/**
 * Waits for a mail to an address with a link to linkPath that was not in the outbox before (some
 * mails are sent after the answer), leaves the page on /dev/outbox and returns that link.
 * @example const before = await outboxLinks(page, email, '/email/confirm'); ...; await (await newOutboxLink(page, email, '/email/confirm', before)).click()
 */
export async function newOutboxLink(page: Page, to: string, linkPath: string, before: string[]): Promise<Locator> {
  let fresh: string | undefined;
  await expect
    .poll(
      async () => {
        fresh = (await outboxLinks(page, to, linkPath)).find((href) => !before.includes(href));
        return fresh !== undefined;
      },
      { message: `a new ${linkPath} mail to ${to}` },
    )
    .toBe(true);
  return page.getByRole('link', { name: fresh, exact: true });
}

/** The key in the newest outbox link to an address and path, read through the API context. */
export async function outboxKey(request: APIRequestContext, to: string, linkPath: string): Promise<string> {
  const html = await (await request.get('/dev/outbox')).text();
  const articles = html.split('<article').slice(1);
  const mail = articles.find((article) => article.includes(to) && article.includes(`${linkPath}?key=`));
  const key = mail ? /\?key=([^"<\s]+)/.exec(mail)?.[1] : undefined;
  if (!key) throw new Error(`no ${linkPath} mail to ${to} in the outbox`);
  return decodeURIComponent(key.replace(/&amp;/g, '&'));
}

/**
 * Puts a demo user's password back after a test changed it: signs in with whichever password the
 * account has now and sets the demo one again. Leaves the request context signed out.
 */
export async function restorePassword(request: APIRequestContext, user: DemoUser, changedTo: string): Promise<void> {
  // The changed password first: when the test got that far it works at once, without a failed
  // sign-in counting towards the account's throttle.
  const changed = await request.post('/api/auth/login', { data: { login: user.email, password: changedTo } });
  if (!changed.ok()) {
    const original = await request.post('/api/auth/login', { data: { login: user.email, password: user.password } });
    expect(original.ok(), `${user.email} signs in with one of its two passwords`).toBe(true);
    await request.post('/api/auth/logout');
    return;
  }
  const reset = await request.post('/api/profile/change_password', {
    data: { current_password: changedTo, password1: user.password, password2: user.password },
  });
  expect(reset.ok(), `restore the password of ${user.email}`).toBe(true);
  await request.post('/api/auth/logout');
}

/**
 * Posts a call that sets the same state however often it is sent, once more if the connection was
 * reset: wrangler dev (the local server) has closed a kept-alive connection just as a request went
 * out on it ("socket hang up", ECONNRESET) when two suites share a machine.
 * @example await postIdempotent(page.request, '/api/profile/update', { phone: '' })
 */
export async function postIdempotent(request: APIRequestContext, url: string, data: unknown): Promise<APIResponse> {
  try {
    return await request.post(url, { data });
  } catch (error) {
    if (!(error instanceof Error) || !/ECONNRESET|socket hang up/.test(error.message)) throw error;
    return request.post(url, { data });
  }
}

/** The audit log's rows of one action by one actor, newest first, as "action target" (opens /admin/audit). */
export async function auditOf(page: Page, action: string, actor: string): Promise<string[]> {
  await page.goto(`/admin/audit?${new URLSearchParams({ action, actor })}`);
  const rows = page.getByRole('region', { name: 'Operator actions, newest first' }).getByRole('row');
  const lines: string[] = [];
  for (const row of (await rows.all()).slice(1)) {
    const cells = await row.getByRole('cell').allInnerTexts();
    lines.push(`${cells[2]} ${cells[3]}`);
  }
  return lines;
}

/**
 * Presses a key, as a visitor reaching for the page does: islands that hydrate on the first interaction
 * (client:interaction: /find's search, the sign-in form) wake then. Waits until none is left unhydrated.
 * A key rather than the pointer: a pointer resting on the page sends no new pointerover when it moves
 * within the same element, as it does over the sign-in page's empty top left corner.
 * @example await wakeIslands(page); await page.getByRole('checkbox', { name: 'Table view' }).check();
 */
export async function wakeIslands(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await expect(page.locator('astro-island[client="interaction"][ssr]')).toHaveCount(0);
}
