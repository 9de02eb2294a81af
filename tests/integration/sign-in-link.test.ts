// A spread-out guesser cannot keep the owner out: replays the attack, then the owner's new browser
// signs in by the e-mailed link while the guesser gets nothing; and the link's refusals.
import { env } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEVICE_COOKIE } from '../../src/server/auth/device';
import { INVALID_LINK_MESSAGE } from '../../src/server/auth/one-time-token';
import {
  LINK_COOKIE,
  OTHER_BROWSER_MESSAGE,
  SIGN_IN_BY_LINK_MESSAGE,
  SIGN_IN_LINK_PATH,
  SIGN_IN_LINKS_PER_ACCOUNT,
} from '../../src/server/auth/sign-in-link';
import { ACCOUNT_LIMIT, IP_LIMIT, chargeAttempt, signInLimits } from '../../src/server/auth/throttle';
import { SESSION_COOKIE } from '../../src/server/auth/session';
import { createUser, createUsers, type TestUser } from './factories';
import { call, keyFromMail, outbox } from './http';
import { errorAnswer } from './error-answer';

/** The attack of the report: 60 addresses, 50 wrong passwords each, from many IPs. */
const ADDRESSES = 60;
const GUESSES_PER_ADDRESS = 50;
/** Guesses one attacking IP sends, under the per-IP limit so no IP counter stops the attack. */
const GUESSES_PER_IP = 25;
/** The attack is spread over 10 minutes of the injected clock. */
const GUESS_EVERY_MS = 200;
const START_MS = Date.UTC(2026, 10, 2, 9, 0, 0);
const LINK_TTL_SECONDS = 15 * 60;
/** The replay is 50 rounds of D1 writes, 60 charges and a few hashes: seconds, more on a busy machine. */
const ATTACK_TEST_BUDGET_MS = 180_000;

let clockMs = START_MS;
function setClock(ms: number) {
  clockMs = ms;
  vi.setSystemTime(ms);
}
const advance = (ms: number) => setClock(clockMs + ms);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  setClock(START_MS);
});
afterEach(() => vi.useRealTimers());

interface Browser {
  ip: string;
  cookies: Record<string, string>;
}

const newBrowser = (ip: string): Browser => ({ ip, cookies: {} });

/** A request from a browser: its IP and cookies go along, the cookies it is given are kept. */
async function send(browser: Browser, path: string, body: unknown): Promise<Response> {
  const cookie = Object.entries(browser.cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  const headers: Record<string, string> = { 'CF-Connecting-IP': browser.ip, ...(cookie ? { Cookie: cookie } : {}) };
  const res = await call(path, { body, headers });
  for (const set of res.headers.getSetCookie()) {
    const [pair, ...attributes] = set.split(';');
    const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)];
    if (attributes.some((a) => a.trim() === 'Max-Age=0')) delete browser.cookies[name];
    else browser.cookies[name] = value;
  }
  return res;
}

const login = (browser: Browser, email: string, password: string) => send(browser, '/api/auth/login', { login: email, password });
const useLink = (browser: Browser, key: string) => send(browser, '/api/auth/sign-in-link', { key });

/** The attacker's IP of one guess: consecutive guesses share an IP, each IP meets an address once. */
const attackerIp = (guess: number) => `10.${Math.floor(guess / GUESSES_PER_IP / 250)}.${Math.floor(guess / GUESSES_PER_IP) % 250}.1`;

/**
 * A round of wrong passwords, written as the charges chargeAttempt makes for them (signInLimits names
 * each guess's counters; settleAttempt keeps a failure's charge): one statement for the round rather
 * than a password hash and a D1 batch per guess.
 */
async function chargeRound(guesses: { login: string; ip: string }[], now: number): Promise<void> {
  const hits = guesses.flatMap((g, i) =>
    signInLimits({ ...g, knownDeviceHash: null }).map((limit) => ({ scope: limit.scope, hitId: `replay-${now}-${i}` })),
  );
  await env.DB.prepare(
    `INSERT INTO rate_limit_hits (scope, hit_id, hit_at)
     SELECT json_extract(value, '$.scope'), json_extract(value, '$.hitId'), ? FROM json_each(?)`,
  )
    .bind(now, JSON.stringify(hits))
    .run();
}

/**
 * Replays the attack round by round over all addresses, each guess from its attacker's IP. The last
 * round goes through the product: the sign-in call for the watched addresses (still answered "wrong
 * password": until the allowance is used up nothing looks like an attack), chargeAttempt for the rest.
 */
async function replayAttack(addresses: string[], watched: string[]): Promise<void> {
  const lastRound = GUESSES_PER_ADDRESS - 1;
  const guessesOf = (round: number) => addresses.map((login, a) => ({ login, ip: attackerIp(round * addresses.length + a) }));
  for (let round = 0; round < lastRound; round++) {
    advance(GUESS_EVERY_MS * addresses.length);
    await chargeRound(guessesOf(round), Math.floor(clockMs / 1000));
  }
  advance(GUESS_EVERY_MS * addresses.length);
  for (const guess of guessesOf(lastRound)) {
    if (watched.includes(guess.login)) {
      expect((await login(newBrowser(guess.ip), guess.login, 'wrongpass49')).status).toBe(401);
    } else {
      expect((await chargeAttempt(env.DB, { ...guess, knownDeviceHash: null }, Math.floor(clockMs / 1000))).byLink).toBe(false);
    }
  }
}

async function signInMails(to: string) {
  return (await outbox()).filter((m) => m.toAddress === to && m.subject === 'Your Viewdeck sign-in link');
}

async function isSignedIn(browser: Browser): Promise<boolean> {
  const res = await call('/api/auth/status', { headers: { Cookie: `${SESSION_COOKIE}=${browser.cookies[SESSION_COOKIE] ?? ''}` } });
  return ((await res.json()) as { data: { isauth: boolean } }).data.isauth;
}

/**
 * The partners whose addresses are guessed at: accounts with one shared password hash (one hash for
 * the lot), and two with their own passwords whose new browsers the test follows.
 */
async function partners(count: number): Promise<{ addresses: string[]; owner: TestUser; other: TestUser }> {
  const [owner, other] = [await createUser(), await createUser()];
  const rest = Array.from({ length: count - 2 }, (_, i) => `partner${i}@example.com`);
  await createUsers(rest, 'bluefinch0');
  const addresses = [...rest.slice(0, 7), owner.email, ...rest.slice(7, 42), other.email, ...rest.slice(42)];
  return { addresses, owner, other };
}

/** An account under attack: its allowance for new browsers used up by wrong passwords. */
async function underAttack(user: TestUser): Promise<void> {
  for (let i = 0; i < ACCOUNT_LIMIT; i++) {
    advance(GUESS_EVERY_MS);
    await chargeAttempt(env.DB, { login: user.email, ip: `10.250.${i}.1`, knownDeviceHash: null }, Math.floor(clockMs / 1000));
  }
}

describe('sign-in under a spread-out attack', () => {
  it(
    '60 addresses x 50 wrong passwords: the owner gets in from a new browser by the link, the guesser gets nothing',
    async () => {
      expect(GUESSES_PER_IP).toBeLessThan(IP_LIMIT);
      const { addresses, owner, other } = await partners(ADDRESSES);
      expect(addresses).toHaveLength(ADDRESSES);
      expect(addresses.indexOf(owner.email)).toBe(7);
      await replayAttack(addresses, [owner.email, other.email]);

      // The owner, at home on a browser the account has never seen, types the right password.
      const home = newBrowser('198.51.100.7');
      const asked = await login(home, owner.email, owner.password!);
      // A guesser on a fresh IP keeps guessing at the same moment.
      const guesser = newBrowser('203.0.113.66');
      const guessed = await login(guesser, owner.email, 'wrongpass99');

      // The same answer to both: nothing tells the guesser whether a password was right.
      for (const res of [asked, guessed]) expect(res.status).toBe(429);
      const [askedBody, guessedBody] = [(await asked.json()) as Record<string, unknown>, (await guessed.json()) as Record<string, unknown>];
      expect(askedBody).toEqual(errorAnswer(SIGN_IN_BY_LINK_MESSAGE));
      // Each answer carries its own random request id; the rest is the same.
      expect({ ...guessedBody, request_id: null }).toEqual({ ...askedBody, request_id: null });
      expect(guessed.headers.get('Retry-After')).toBe(asked.headers.get('Retry-After'));
      // The allowance frees when the attack's first guess at this address leaves the 15-minute window.
      const firstGuessAt = Math.floor((START_MS + ADDRESSES * GUESS_EVERY_MS) / 1000);
      expect(Number(asked.headers.get('Retry-After'))).toBe(firstGuessAt + 15 * 60 - Math.floor(clockMs / 1000));
      for (const browser of [home, guesser]) {
        expect(browser.cookies[SESSION_COOKIE]).toBeUndefined();
        expect(browser.cookies[LINK_COOKIE]).toMatch(/^[A-Za-z0-9_-]{43}$/);
      }

      // One mail, to the account's own address, after the right password only.
      const mails = await signInMails(owner.email);
      expect(mails).toHaveLength(1);
      expect((await outbox()).filter((m) => m.subject === 'Your Viewdeck sign-in link')).toHaveLength(1);
      const key = keyFromMail(mails[0]!, SIGN_IN_LINK_PATH);

      // Even holding the link, the guesser's browser cannot use it, and trying does not spend it.
      expect(await (await useLink(guesser, key)).json()).toEqual(errorAnswer(OTHER_BROWSER_MESSAGE));
      expect(await isSignedIn(guesser)).toBe(false);

      // The owner's browser can: a session, and the browser is known from now on.
      const opened = await useLink(home, key);
      expect(opened.status).toBe(200);
      expect(await opened.json()).toEqual({ data: { isauth: true, new_email: null } });
      expect(await isSignedIn(home)).toBe(true);
      expect(home.cookies[DEVICE_COOKIE]).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(home.cookies[LINK_COOKIE]).toBeUndefined();

      // So while the attack goes on, the password alone signs that browser in again.
      delete home.cookies[SESSION_COOKIE];
      expect((await login(home, owner.email, owner.password!)).status).toBe(200);
      // And every other partner's new browser is in the same position as the owner was, not locked.
      const otherHome = newBrowser('198.51.100.42');
      expect(await (await login(otherHome, other.email, other.password!)).json()).toEqual(errorAnswer(SIGN_IN_BY_LINK_MESSAGE));
      expect(await (await useLink(otherHome, keyFromMail((await signInMails(other.email))[0]!, SIGN_IN_LINK_PATH))).json()).toEqual({
        data: { isauth: true, new_email: null },
      });
      expect(await isSignedIn(otherHome)).toBe(true);
    },
    ATTACK_TEST_BUDGET_MS,
  );

  it('holds when the attack comes back after the window: the next new browser gets in the same way', async () => {
    const owner = await createUser();
    await underAttack(owner);
    advance(LINK_TTL_SECONDS * 1000 + 1000);
    await underAttack(owner);
    const laptop = newBrowser('198.51.100.8');
    expect((await login(laptop, owner.email, owner.password!)).status).toBe(429);
    const key = keyFromMail((await signInMails(owner.email))[0]!, SIGN_IN_LINK_PATH);
    expect((await useLink(laptop, key)).status).toBe(200);
    expect(await isSignedIn(laptop)).toBe(true);
  });

  it('mails nothing for a wrong password, and at most the allowance of links per account', async () => {
    const owner = await createUser();
    await underAttack(owner);
    for (let i = 0; i < 5; i++) expect((await login(newBrowser(`203.0.113.${i}`), owner.email, 'wrongpass1')).status).toBe(429);
    expect(await signInMails(owner.email)).toHaveLength(0);
    // Someone who has the password (the owner, or a thief) cannot flood the mailbox either.
    for (let i = 0; i < SIGN_IN_LINKS_PER_ACCOUNT + 2; i++) {
      expect((await login(newBrowser(`198.51.100.${i}`), owner.email, owner.password!)).status).toBe(429);
    }
    expect(await signInMails(owner.email)).toHaveLength(SIGN_IN_LINKS_PER_ACCOUNT);
  });
});

describe('sign-in link refusals', () => {
  async function linkFor(owner: TestUser, browser: Browser): Promise<string> {
    await underAttack(owner);
    expect((await login(browser, owner.email, owner.password!)).status).toBe(429);
    const mails = await signInMails(owner.email);
    return keyFromMail(mails[mails.length - 1]!, SIGN_IN_LINK_PATH);
  }

  it('refuses a link used once already', async () => {
    const owner = await createUser();
    const home = newBrowser('198.51.100.9');
    const key = await linkFor(owner, home);
    const linkCookie = home.cookies[LINK_COOKIE]!;
    expect((await useLink(home, key)).status).toBe(200);
    // Even with the binding cookie it was asked with.
    home.cookies[LINK_COOKIE] = linkCookie;
    const reused = await useLink(home, key);
    expect(reused.status).toBe(400);
    expect(await reused.json()).toEqual(errorAnswer(INVALID_LINK_MESSAGE));
  });

  it('takes a link up to its last second and refuses it from the fifteenth minute on', async () => {
    const owner = await createUser();
    const home = newBrowser('198.51.100.10');
    const key = await linkFor(owner, home);
    const twin = { ip: home.ip, cookies: { ...home.cookies } };
    advance((LINK_TTL_SECONDS - 1) * 1000);
    expect((await useLink(home, key)).status).toBe(200);
    // A second link for the same browser state, opened one second too late.
    const late = await linkFor(owner, twin);
    advance(LINK_TTL_SECONDS * 1000);
    const expired = await useLink(twin, late);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual(errorAnswer(INVALID_LINK_MESSAGE));
    expect(await isSignedIn(twin)).toBe(false);
  });

  it('refuses another browser, and a browser without the cookie, leaving the link to its own browser', async () => {
    const owner = await createUser();
    const home = newBrowser('198.51.100.12');
    const key = await linkFor(owner, home);
    const elsewhere = newBrowser('198.51.100.12');
    elsewhere.cookies[LINK_COOKIE] = 'x'.repeat(43);
    for (const browser of [elsewhere, newBrowser('198.51.100.13')]) {
      const res = await useLink(browser, key);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(errorAnswer(OTHER_BROWSER_MESSAGE));
    }
    expect((await useLink(home, key)).status).toBe(200);
  });

  it('only the latest link works, and a key of another kind is not a sign-in link', async () => {
    const owner = await createUser();
    const home = newBrowser('198.51.100.14');
    const first = await linkFor(owner, home);
    expect((await login(home, owner.email, owner.password!)).status).toBe(429);
    const mails = await signInMails(owner.email);
    expect(mails).toHaveLength(2);
    const latest = keyFromMail(mails[1]!, SIGN_IN_LINK_PATH);
    expect(await (await useLink(home, first)).json()).toEqual(errorAnswer(INVALID_LINK_MESSAGE));
    expect((await useLink(home, 'not-a-key')).status).toBe(400);
    expect((await useLink(home, latest)).status).toBe(200);
  });
});
