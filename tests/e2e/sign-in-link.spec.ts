// The e-mailed sign-in link as a partner meets it: guessers have used up the account's allowance for
// new browsers, so the right password in a new browser mails a link; the link signs that browser in
// (and it is known from then on), while another browser and a second use are refused with a sentence.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ACCOUNT_LIMIT } from '../../src/server/auth/throttle';
import { logOut, newOutboxLink, outboxLinks, submitSignIn } from './helpers';

const LINK_PATH = '/sign-in-link';
const PASSWORD = 'linked-partner-1';
// The product's sentences, written out here: a test that imports them cannot catch a changed one.
const BY_LINK =
  'Many wrong passwords have been tried on this account, so a new browser signs in with an e-mailed link. ' +
  "If the password is right, we have sent a sign-in link to the account's address: open it in this browser within 15 minutes.";
const OTHER_BROWSER =
  'This sign-in link works only in the browser where it was asked for. Open it there, or sign in again in this browser for a new link.';
const USED = 'This link is invalid or has expired. Ask for a new one.';

/** A partner of its own for each run of the test: the attack leaves its account under watch for 15 minutes. */
const partnerEmail = () => `partner-${test.info().retry}@sign-in-link.example.com`;

/** An account made as an operator makes one: invited through the admin API, the password set on its link. */
async function createPartner(request: APIRequestContext, email: string): Promise<void> {
  const token = /^ADMIN_TOKEN=(.+)$/m.exec(readFileSync(path.resolve(import.meta.dirname, '../../.dev.vars'), 'utf8'))?.[1] ?? '';
  const invite = await request.post('/api/admin/users/invite', {
    headers: { Authorization: `Bearer ${token}` },
    data: { email, user_name: 'Linda Link', print_link: true },
  });
  expect(invite.status()).toBe(201);
  const key = new URL(((await invite.json()) as { data: { link: string } }).data.link).searchParams.get('key');
  const confirmed = await request.post('/api/invite/confirm', { data: { key, password1: PASSWORD, password2: PASSWORD } });
  expect(confirmed.ok(), `invite confirm answered ${confirmed.status()}`).toBe(true);
}

/**
 * The spread-out guesser: one wrong password from each of ACCOUNT_LIMIT addresses (CF-Connecting-IP, as
 * Cloudflare's edge names the client), so no single address's counter stops it. Each is only "wrong".
 */
async function guessFromEverywhere(request: APIRequestContext, email: string): Promise<void> {
  for (let guess = 0; guess < ACCOUNT_LIMIT; guess++) {
    const answer = await request.post('/api/auth/login', {
      headers: { 'CF-Connecting-IP': `203.0.113.${guess + 1}` },
      data: { login: email, password: `wrong-guess-${guess}` },
    });
    expect(answer.status(), `guess ${guess + 1}`).toBe(401);
  }
}

/** Opens a sign-in link and presses its one button. */
async function useLink(page: Page, href: string): Promise<void> {
  await page.goto(href);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('under a spread-out attack a new browser signs in by the e-mailed link, which no other browser can use, once', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const email = partnerEmail();
  // Setting up and guessing from contexts of their own: the invite signs its context in, and a
  // guesser's browser is not the partner's.
  const setup = await playwright.request.newContext({ baseURL });
  await createPartner(setup, email);
  await setup.dispose();
  const guesser = await playwright.request.newContext({ baseURL });
  await guessFromEverywhere(guesser, email);
  await guesser.dispose();

  // The partner, on a browser the account has never seen, types the right password.
  const before = await outboxLinks(page, email, LINK_PATH);
  await page.goto('/');
  await submitSignIn(page, email, PASSWORD);
  await expect(page.getByRole('button', { name: BY_LINK })).toHaveText(BY_LINK);
  await expect(page).toHaveURL('/');
  const link = await newOutboxLink(page, email, LINK_PATH, before);
  const href = (await link.getAttribute('href')) ?? '';
  expect(new URL(href).pathname).toBe(LINK_PATH);

  // Someone else holding the link (a forwarded mail, a thief) is refused, and the link stays usable.
  const elsewhere = await browser.newContext({ baseURL });
  const other = await elsewhere.newPage();
  await useLink(other, href);
  await expect(other.getByRole('alert')).toHaveText(OTHER_BROWSER);
  await expect(other).toHaveURL(`${LINK_PATH}?${new URL(href).searchParams}`);

  // In the browser that asked for it, the link opens the dashboard.
  await link.click();
  await expect(page).toHaveURL(/\/sign-in-link\?key=/);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Profile: Linda Link' })).toBeVisible();

  // Used once, it is spent: in its own browser after logging out, and in the other one.
  await logOut(page);
  await useLink(page, href);
  await expect(page.getByRole('alert')).toHaveText(USED);
  await useLink(other, href);
  await expect(other.getByRole('alert')).toHaveText(USED);
  await elsewhere.close();

  // The attack is still on, yet this browser is known now: the password alone signs it in.
  await page.goto('/');
  await submitSignIn(page, email, PASSWORD);
  await expect(page).toHaveURL('/dashboard');
});
