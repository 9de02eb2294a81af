// The operator console's API under /api/console (docs/operating.md): staff accounts only; every change is
// recorded in the audit log with the staff account as its actor.
import { Hono } from 'hono';
import * as z from 'zod';
import type { ConsoleUserFlags } from '../../lib/api/console';
import { nowSeconds } from '../auth/expiry';
import { createInvite } from '../auth/invite';
import { recordAudit } from '../audit/audit-log';
import { staffActor } from './actor';
import { auditQuerySchema, listAudit } from './audit';
import { changeGrant, listGrants, listNetworks, saveNetwork, setPartnerEarnings, setPublicFigures } from './networks';
import { listQuerySchema } from './paging';
import { getRetentionView, listRecentLoads, listRecentUploads } from './sync';
import { deleteUser, endSessions, listUsers, setActive, setConsoleFlags } from './users';
import type { UserEnv } from '../http/context';
import { getSettings } from '../env';
import { getUserIdByEmail } from '../admin/grants';
import { getOperatorLoad, loadId, loadStepSettings, startOperatorLoad } from '../admin/loads';
import { resolveNetwork } from '../admin/targets';
import { loadUploadSchema, uploadsLoad } from '../ingest/archive/load-upload';
import { completeUpload, getUpload, putUploadPart, startUpload, uploadSchema } from '../ingest/archive/uploads';
import { pruneSnapshots } from '../ingest/retention/prune';
import { getSyncStatus } from '../ingest/sync/status';
import { linkOrigin } from '../mail/link';
import { mailerFor } from '../mail/send';
import { requireStaff } from '../http/middleware/require-staff';
import { requireUser } from '../http/middleware/require-user';
import { readBody } from '../http/request-body';
import { setUserFlags } from '../users/flags';
import { parseInput } from '../http/validate';
import { grantSchema, inviteSchema, networkSchema, retentionSchema } from '../admin/routes';

const idSchema = z.object({ id: z.coerce.number('id: a number.').int('id: a whole number.').positive().max(Number.MAX_SAFE_INTEGER) });
const partSchema = idSchema.extend({ part: z.coerce.number('part: a number.').int().min(1).max(10_000) });

export const consoleFlagsSchema = z.object({
  show_title: z.boolean(),
  only_inhouse_channels: z.boolean(),
  show_analytics: z.boolean(),
  support: z.boolean(),
  staff: z.boolean(),
}) satisfies z.ZodType<ConsoleUserFlags>;

export const publicFiguresSchema = z.object({ public_figures: z.boolean('public_figures: true or false.') });

export const partnerEarningsSchema = z.object({ partner_earnings: z.enum(['gross', 'share'], 'gross or share.') });

/** What a user call acts on: the account in the path, by the staff account signed in. */
const subject = (c: { req: { param: () => Record<string, string> }; var: UserEnv['Variables'] }) => ({
  id: parseInput(idSchema, c.req.param()).id,
  actor: staffActor(c.var.user),
});

export const consoleRoutes = new Hono<UserEnv>()
  .use(requireUser, requireStaff)
  .get('/users', async (c) => c.json({ data: await listUsers(c.env.DB, parseInput(listQuerySchema, c.req.query()), nowSeconds()) }))
  .post('/users/invite', async (c) => {
    const body = parseInput(inviteSchema, await readBody(c));
    const invite = await createInvite(c.env.DB, mailerFor(c.env), {
      email: body.email,
      userName: body.user_name,
      origin: linkOrigin(c.env, c.req.url),
    });
    const flags = { showTitle: body.show_title, onlyInhouseChannels: body.only_inhouse_channels, showAnalytics: body.show_analytics };
    await setUserFlags(c.env.DB, invite.userId, flags);
    const detail = { user_name: body.user_name, created: invite.created, ...flags };
    await recordAudit(c.env.DB, { actor: staffActor(c.var.user), action: 'user.invite', target: body.email, detail, at: nowSeconds() });
    return c.json({ data: { user_id: invite.userId, created: invite.created, expires_at: invite.expiresAt } }, 201);
  })
  .post('/users/:id/flags', async (c) => {
    const { id, actor } = subject(c);
    const flags = parseInput(consoleFlagsSchema, await readBody(c));
    return c.json({ data: await setConsoleFlags(c.env.DB, actor, id, flags, nowSeconds()) });
  })
  .post('/users/:id/deactivate', async (c) => {
    const { id, actor } = subject(c);
    return c.json({ data: await setActive(c.env.DB, actor, id, false, nowSeconds()) });
  })
  .post('/users/:id/reactivate', async (c) => {
    const { id, actor } = subject(c);
    return c.json({ data: await setActive(c.env.DB, actor, id, true, nowSeconds()) });
  })
  .post('/users/:id/end-sessions', async (c) => {
    const { id, actor } = subject(c);
    return c.json({ data: await endSessions(c.env.DB, actor, id, nowSeconds()) });
  })
  .post('/users/:id/delete', async (c) => {
    const { id, actor } = subject(c);
    return c.json({ data: await deleteUser(c.env.DB, actor, id, nowSeconds()) });
  })
  .get('/networks', async (c) => c.json({ data: await listNetworks(c.env.DB, parseInput(listQuerySchema, c.req.query())) }))
  .post('/networks', async (c) => {
    const body = parseInput(networkSchema, await readBody(c));
    const ownerUserId = body.owner_email ? await getUserIdByEmail(c.env.DB, body.owner_email) : null;
    const input = { slug: body.slug, name: body.name, contentOwnerId: body.content_owner_id ?? null, ownerUserId };
    return c.json({ data: await saveNetwork(c.env.DB, staffActor(c.var.user), input, body.owner_email ?? null, nowSeconds()) });
  })
  .post('/networks/:id/public-figures', async (c) => {
    const { id, actor } = subject(c);
    const body = parseInput(publicFiguresSchema, await readBody(c));
    return c.json({ data: await setPublicFigures(c.env, actor, id, body.public_figures, nowSeconds()) });
  })
  .post('/networks/:id/partner-earnings', async (c) => {
    const { id, actor } = subject(c);
    const body = parseInput(partnerEarningsSchema, await readBody(c));
    return c.json({ data: await setPartnerEarnings(c.env.DB, actor, id, body.partner_earnings, nowSeconds()) });
  })
  .get('/grants', async (c) => c.json({ data: await listGrants(c.env.DB, parseInput(listQuerySchema, c.req.query())) }))
  .post('/grants', async (c) => {
    const body = parseInput(grantSchema, await readBody(c));
    return c.json({ data: await changeGrant(c.env.DB, staffActor(c.var.user), { ...body, revoke: false }, nowSeconds()) });
  })
  .post('/grants/revoke', async (c) => {
    const body = parseInput(grantSchema, await readBody(c));
    return c.json({ data: await changeGrant(c.env.DB, staffActor(c.var.user), { ...body, revoke: true }, nowSeconds()) });
  })
  .get('/audit', async (c) => c.json({ data: await listAudit(c.env.DB, parseInput(auditQuerySchema, c.req.query())) }))
  .get('/sync', async (c) => {
    const [status, uploads, loads, retention] = await Promise.all([
      getSyncStatus(c.env.DB, Date.now()),
      listRecentUploads(c.env.DB),
      listRecentLoads(c.env.DB),
      getRetentionView(c.env.DB, getSettings(c.env).PUBLIC_SNAPSHOT_DAYS),
    ]);
    return c.json({ data: { status, uploads, loads, retention } });
  })
  .post('/retention', async (c) => {
    const body = parseInput(retentionSchema, await readBody(c));
    const windowDays = getSettings(c.env).PUBLIC_SNAPSHOT_DAYS;
    const now = nowSeconds();
    const done = await pruneSnapshots(c.env.DB, { windowDays, now, statements: body.statements, fromStart: body.from_start });
    const data = {
      window_days: windowDays,
      window_start: done.windowStart,
      deleted: done.deleted,
      statements: done.statements,
      pass_done: done.passDone,
    };
    await recordAudit(c.env.DB, {
      actor: staffActor(c.var.user),
      action: 'retention.prune',
      target: 'channel_snapshots',
      detail: data,
      at: now,
    });
    return c.json({ data });
  })
  // Report files into the archive, as the admin API's uploads (docs/sync.md): announce, parts, complete, load.
  .post('/uploads', async (c) => {
    const body = parseInput(uploadSchema, await readBody(c));
    return c.json({ data: await startUpload(c.env.DB, c.env.REPORTS, body, nowSeconds()) }, 201);
  })
  .get('/uploads/:id', async (c) => c.json({ data: await getUpload(c.env.DB, parseInput(idSchema, c.req.param()).id) }))
  .put('/uploads/:id/parts/:part', async (c) => {
    const { id, part } = parseInput(partSchema, c.req.param());
    return c.json({ data: await putUploadPart(c.env.DB, c.env.REPORTS, id, part, c.req.raw) });
  })
  .post('/uploads/:id/complete', async (c) => {
    const { id, actor } = subject(c);
    const now = nowSeconds();
    const upload = await completeUpload(c.env.DB, c.env.REPORTS, id, now);
    await recordAudit(c.env.DB, { actor, action: 'upload.complete', target: upload.name, detail: { id, bytes: upload.bytes }, at: now });
    return c.json({ data: upload });
  })
  .post('/uploads/:id/load', async (c) => {
    const { id, actor } = subject(c);
    const body = parseInput(loadUploadSchema, await readBody(c));
    const network = body.network ? await resolveNetwork(c.env.DB, body.network) : null;
    const now = nowSeconds();
    const params = await uploadsLoad(c.env.DB, [id], { ...body, networkId: network?.id ?? null }, now, loadStepSettings(c.env));
    const started = await startOperatorLoad(c.env, params);
    const upload = await getUpload(c.env.DB, id);
    const detail = { id, load: started.load, network: body.network ?? null, dry_run: body.dry_run, replace: body.replace };
    await recordAudit(c.env.DB, { actor, action: 'upload.load', target: upload.name, detail, at: now });
    return c.json({ data: { ...started, follow: `GET /api/console/loads/${started.load}` } }, 202);
  })
  .get('/loads/:id', async (c) => c.json({ data: await getOperatorLoad(c.env, loadId(c.req.param('id'))) }));
