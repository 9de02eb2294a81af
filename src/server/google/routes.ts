// YouTube connections (docs/google.md): staff connect content owners, list, rename and revoke them; a
// signed-in partner connects their own channel and disconnects it; Google's consent comes back to
// /api/google/callback.
// The forms of /admin/connections and /profile post here (form encoding, answered with a redirect back, with
// the link to Google's consent when one starts);
// scripts may send JSON and get JSON.
import { type Context, Hono } from 'hono';
import * as z from 'zod';
import type { AppEnv, UserEnv } from '../http/context';
import { HttpError } from '../http/errors';
import { log } from '../log/log';
import { readLimitedText } from '../http/body-limit';
import { readBody } from '../http/request-body';
import { requireUser } from '../http/middleware/require-user';
import { requireStaff } from '../http/middleware/require-staff';
import { parseInput } from '../http/validate';
import { linkOrigin } from '../mail/link';
import { QuotaMeter } from './quota';
import { pacificDay } from './pacific-day';
import { getSyncSettings, type SyncSettings } from './settings';
import { startConsent, takeConsent } from './connections/consent';
import { finishConsent } from './connections/connect';
import { renameConnection, revokeConnection, revokeOwnConnection } from './connections/manage';
import { connectionsKeyring } from './connections/secret';
import { listConnections } from './connections/store';
import { MS_PER_SECOND } from '../../lib/dates/time';

/** Where Google sends the browser back: PUBLIC_URL (or, locally, the request's origin) + this path. */
export const CALLBACK_PATH = '/api/google/callback';
export const CONNECTIONS_PAGE = '/admin/connections';
export const PROFILE_PAGE = '/profile';
/** A form of a label and a few ids is far below this. */
const MAX_FORM_BYTES = 4_096;
/** Content owner ids one consent may name (a CMS operator has a handful). */
const MAX_CONTENT_OWNERS = 20;

const label = z.string().trim().min(1, 'give the connection a name').max(100);
const ownerIds = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(/[\s,]+/)).map((id) => id.trim()).filter(Boolean))
  .pipe(
    z
      .array(z.string().regex(/^[\w-]{1,100}$/, 'a content owner id is letters, digits, - and _'))
      .min(1, 'name at least one content owner id')
      .max(MAX_CONTENT_OWNERS),
  );
const startOwnerSchema = z.object({ label, content_owner_ids: ownerIds });
const startChannelSchema = z.object({ label: label.default('My YouTube channel') });
const renameSchema = z.object({ label });
const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

type GoogleContext = Context<UserEnv>;

const nowSeconds = () => Math.floor(Date.now() / MS_PER_SECOND);
const isForm = (c: GoogleContext) => (c.req.header('Content-Type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');

async function readInput(c: GoogleContext): Promise<unknown> {
  return isForm(c) ? Object.fromEntries(new URLSearchParams(await readLimitedText(c.req.raw, MAX_FORM_BYTES))) : readBody(c);
}

/** The settings the consent needs, or a 503 naming what the operator must set. */
function consentSettings(c: GoogleContext): SyncSettings & { client: NonNullable<SyncSettings['client']> } {
  let settings: SyncSettings;
  try {
    settings = getSyncSettings(c.env);
  } catch (error) {
    throw new HttpError(
      503,
      `The Google settings are invalid: ${error instanceof Error ? error.message : String(error)}. Fix wrangler.toml [vars].`,
    );
  }
  const client = settings.client;
  if (!client) {
    throw new HttpError(
      503,
      'Connecting YouTube needs the OAuth client: `npx wrangler secret put GOOGLE_CLIENT_ID` and GOOGLE_CLIENT_SECRET (docs/google.md).',
    );
  }
  return { ...settings, client };
}

/** A page path with a message for the person who acted. */
const back = (page: string, kind: 'notice' | 'error' | 'continue', text: string) => `${page}?${new URLSearchParams({ [kind]: text })}`;

/**
 * Runs a form's action: a form gets a redirect (to Google or back to its page, with a notice or the
 * error), JSON gets JSON (the error envelope on failure).
 */
async function answer(c: GoogleContext, page: string, work: () => Promise<{ redirect?: string; notice: string; data?: unknown }>) {
  try {
    const done = await work();
    // A form's page may not be redirected to Google (its CSP says form-action 'self'): the page shows a link to go on.
    if (isForm(c)) return c.redirect(done.redirect ? back(page, 'continue', done.redirect) : back(page, 'notice', done.notice), 303);
    return c.json({ data: done.data ?? { redirect: done.redirect ?? null, notice: done.notice } });
  } catch (error) {
    if (isForm(c) && error instanceof HttpError) return c.redirect(back(page, 'error', error.message), 303);
    throw error;
  }
}

const actorOf = (c: GoogleContext) => ({ kind: 'staff' as const, userId: c.var.user.id, email: c.var.user.email });
/** Who acts on their own connection: a partner (or a staff account on its own profile, recorded as staff). */
const ownerOf = (c: GoogleContext) => ({
  kind: c.var.user.staff ? ('staff' as const) : ('partner' as const),
  userId: c.var.user.id,
  email: c.var.user.email,
});

/** What a revoke needs besides the connection: the store, who acts, the keys and Google's revoke endpoint. */
async function revokeDeps<A>(c: GoogleContext, actor: A) {
  // The settings first: an install without Google's client answers that before any key problem.
  const revokeUrl = consentSettings(c).urls.revoke;
  return { db: c.env.DB, actor, now: nowSeconds(), keys: await connectionsKeyring(c.env), revokeUrl };
}

async function start(c: GoogleContext, kind: 'content_owner' | 'channel', labelText: string, contentOwnerIds: string[]) {
  const settings = consentSettings(c);
  // Before Google: a key that is missing would only be found after the consent.
  await connectionsKeyring(c.env);
  const redirect = await startConsent(c.env.DB, {
    userId: c.var.user.id,
    kind,
    label: labelText,
    contentOwnerIds,
    redirectUri: `${linkOrigin(c.env, c.req.url)}${CALLBACK_PATH}`,
    authorizeUrl: settings.urls.authorize,
    clientId: settings.client.clientId,
    now: nowSeconds(),
  });
  return { redirect, notice: 'Continue at Google.' };
}

function outcomeText(o: Awaited<ReturnType<typeof finishConsent>>): string {
  const reached = [
    ...o.contentOwnerIds.map((id) => `content owner ${id}`),
    ...o.channels.map((ch) => `${ch.title} (${ch.network ? `network ${ch.network}` : 'granted to you'})`),
  ];
  const refused = o.refused.map((r) => r.reason).join(' ');
  return `Connected ${o.accountEmail || 'the Google account'} as "${o.label}": ${reached.join(', ')}.${refused ? ` Not connected: ${refused}` : ''}`;
}

export const googleRoutes = new Hono<AppEnv>()
  .get('/connections', requireUser, requireStaff, async (c) => c.json({ data: await listConnections(c.env.DB) }))
  .post('/connect/content-owner', requireUser, requireStaff, (c) =>
    answer(c, CONNECTIONS_PAGE, async () => {
      const body = parseInput(startOwnerSchema, await readInput(c));
      return start(c, 'content_owner', body.label, body.content_owner_ids);
    }),
  )
  .post('/connect/channel', requireUser, (c) =>
    answer(c, PROFILE_PAGE, async () => {
      const body = parseInput(startChannelSchema, await readInput(c));
      return start(c, 'channel', body.label, []);
    }),
  )
  .get('/callback', requireUser, async (c) => {
    const user = c.var.user;
    const fallback = user.staff ? CONNECTIONS_PAGE : PROFILE_PAGE;
    const state = c.req.query('state') ?? '';
    if (!state || state.length > 200) return c.redirect(back(fallback, 'error', 'Google sent no state. Start the connection again.'), 303);
    let page = fallback;
    try {
      const consent = await takeConsent(c.env.DB, state, user.id, nowSeconds());
      page = consent.kind === 'content_owner' ? CONNECTIONS_PAGE : PROFILE_PAGE;
      // A staff consent finishes only for a user who is still staff.
      if (consent.kind === 'content_owner' && !user.staff) throw new HttpError(403, 'Only staff accounts can connect a content owner.');
      const denied = c.req.query('error');
      if (denied) throw new HttpError(400, `Google did not connect the account (${denied.slice(0, 100)}). Nothing was stored.`);
      const code = c.req.query('code');
      if (!code || code.length > 2_000) throw new HttpError(400, 'Google sent no code. Start the connection again.');
      const settings = consentSettings(c);
      const now = nowSeconds();
      const outcome = await finishConsent(
        {
          db: c.env.DB,
          settings,
          client: settings.client,
          keys: await connectionsKeyring(c.env),
          quota: new QuotaMeter(c.env.DB, pacificDay(now * MS_PER_SECOND), settings.dailyUnitLimit),
          now,
        },
        user,
        consent,
        code,
      );
      return c.redirect(back(page, 'notice', outcomeText(outcome)), 303);
    } catch (error) {
      if (error instanceof HttpError) return c.redirect(back(page, 'error', error.message), 303);
      log.error('google.consent_failed', error);
      return c.redirect(
        back(page, 'error', `Google's answer could not be used: ${error instanceof Error ? error.message : 'unknown error'}. Try again.`),
        303,
      );
    }
  })
  .post('/connections/:id/rename', requireUser, requireStaff, (c) =>
    answer(c, CONNECTIONS_PAGE, async () => {
      const id = parseInput(idSchema, c.req.param('id'));
      const body = parseInput(renameSchema, await readInput(c));
      await renameConnection({ db: c.env.DB, actor: actorOf(c), now: nowSeconds() }, id, body.label);
      return { notice: `Connection renamed to "${body.label}".` };
    }),
  )
  .post('/connections/:id/revoke', requireUser, requireStaff, (c) =>
    answer(c, CONNECTIONS_PAGE, async () => {
      const id = parseInput(idSchema, c.req.param('id'));
      const note = await revokeConnection(await revokeDeps(c, actorOf(c)), id);
      return { notice: `Connection ${id} revoked.${note ? ` ${note}` : ''}` };
    }),
  )
  // The profile's "Disconnect": only a channel connection the signed-in user made; any other id is absent.
  .post('/own-connections/:id/revoke', requireUser, (c) =>
    answer(c, PROFILE_PAGE, async () => {
      const id = parseInput(idSchema, c.req.param('id'));
      const done = await revokeOwnConnection(await revokeDeps(c, ownerOf(c)), id);
      const text = `Disconnected "${done.label}": Viewdeck no longer reads your channel, and its figures so far stay in your dashboard.`;
      return { notice: `${text}${done.note ? ` ${done.note}` : ''}` };
    }),
  );
