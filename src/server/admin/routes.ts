// Operator API under /api/admin (bearer ADMIN_TOKEN): invitations, grants, networks, report import; actions recorded in the audit log.
import { Hono } from 'hono';
import * as z from 'zod';
import { getUserIdByEmail } from './grants';
import { readImportUpload } from './import-upload';
import { resolveNetwork } from './targets';
import { nowSeconds } from '../auth/expiry';
import { inviteUser } from './invite-user';
import { type Bindings, getSettings } from '../env';
import { refreshRollups } from '../ingest/run-import';
import { importTarget } from '../ingest/import-target';
import { PRUNE_STATEMENTS_BY_HAND_MAX, PRUNE_STATEMENTS_PER_RUN, pruneSnapshots } from '../ingest/retention/prune';
import { linkOrigin } from '../mail/link';
import { requireAdmin } from '../http/middleware/require-admin';
import { readBody } from '../http/request-body';
import { setSupportFlag } from '../users/flags';
import { badRequest, conflict, notFound } from '../http/errors';
import { partnerDb, partnerStoreMode } from '../partner-store';
import { MIGRATE_PAGE_MAX, migrateStores } from '../partner-store/migrate-stores';
import { moveNetworks, moveTarget, partnerMove, partnerMoveSchema } from './partner-move';
import { rebalance, rebalanceSchema, rebalanceTarget, setStoreBuckets, storeBucketsSchema } from './rebalance';
import { parseInput } from '../http/validate';
import { replayFiles, replayLoad, replaySchema } from '../ingest/archive/replay';
import { cancelUnfold, finishUnfold, startUnfold, unfoldSchema } from '../ingest/retention/title-unfold';
import { getSyncStatus } from '../ingest/sync/status';
import { completeUpload, getUpload, putUploadPart, startUpload, uploadSchema } from '../ingest/archive/uploads';
import { loadUploadSchema, loadUploadsSchema, uploadsLoad } from '../ingest/archive/load-upload';
import { getOperatorLoad, loadId, loadStepSettings, startOperatorLoad } from './loads';
import { importPosted } from './import-load';
import { type AuditActor, recordAudit } from '../audit/audit-log';
import { changeGrant, saveNetwork } from '../console/networks';
import { requireOpenedStore, restoreStore, storeRestoreSchema } from './store-restore';
import { networkStoreHistory } from '../partner-store/store-history';

/** Scripts holding the admin token act as 'token' in the audit log. */
const TOKEN: AuditActor = { kind: 'token' };

/** Records an admin-token action in the audit log (docs/operating.md, "Audit log"). */
const audit = (db: D1Database, action: string, target: string, detail: Record<string, unknown> = {}) =>
  recordAudit(db, { actor: TOKEN, action, target, detail, at: nowSeconds() });

const email = z.email('Enter a valid e-mail address.').max(254);

export const inviteSchema = z.object({
  email,
  user_name: z.string().trim().min(1, 'Enter the full name.').max(100),
  show_title: z.boolean().default(false),
  only_inhouse_channels: z.boolean().default(false),
  show_analytics: z.boolean().default(false),
  // The operator console's role (`npm run admin -- create-admin`); an invitation never takes it away.
  staff: z.boolean().default(false),
  // The one-time link comes back in the answer and nothing is mailed: only the admin token reaches here.
  print_link: z.boolean().default(false),
});

export const grantSchema = z.object({
  email,
  target: z.string().trim().min(1, 'Name a channel id (UC…) or a network slug or number.').max(100),
});

export const networkSchema = z.object({
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'Use 2-63 letters, digits and dashes.'),
  name: z.string().trim().min(1, 'Enter the network name.').max(200),
  content_owner_id: z.string().trim().min(1).max(100).optional(),
  owner_email: email.optional(),
});

export const supportFlagSchema = z.object({
  email,
  support: z.boolean().default(true),
});

export const rollupsSchema = z.object({
  rebuild: z.boolean().default(false),
});

export const partnerMigrateSchema = z.object({
  after: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  limit: z.number().int().min(1).max(MIGRATE_PAGE_MAX).default(MIGRATE_PAGE_MAX),
});

export const retentionSchema = z.object({
  statements: z.number().int().min(1).max(PRUNE_STATEMENTS_BY_HAND_MAX).default(PRUNE_STATEMENTS_PER_RUN),
  from_start: z.boolean().default(false),
});

/** An upload's id from the path: a positive whole number, else 400. */
function uploadId(text: string): number {
  const id = Number(text);
  if (!/^\d{1,15}$/.test(text) || !Number.isSafeInteger(id) || id < 1) throw badRequest('id: the number POST /api/admin/uploads answered.');
  return id;
}

export const adminRoutes = new Hono<{ Bindings: Bindings }>()
  .use(requireAdmin)
  .post('/users/invite', async (c) => {
    const body = parseInput(inviteSchema, await readBody(c));
    const input = {
      email: body.email,
      userName: body.user_name,
      flags: { showTitle: body.show_title, onlyInhouseChannels: body.only_inhouse_channels, showAnalytics: body.show_analytics },
      staff: body.staff,
      printLink: body.print_link,
    };
    const answer = await inviteUser(c.env, input, linkOrigin(c.env, c.req.url), { kind: 'token' });
    return c.json({ data: answer }, 201);
  })
  .post('/users/support', async (c) => {
    const body = parseInput(supportFlagSchema, await readBody(c));
    if (!(await setSupportFlag(c.env.DB, body.email, body.support))) throw notFound(`No account signs in with ${body.email}.`);
    await audit(c.env.DB, 'user.support', body.email, { support: body.support });
    return c.json({ data: { email: body.email, support: body.support } });
  })
  .post('/grants', async (c) => {
    const body = parseInput(grantSchema, await readBody(c));
    const added = await changeGrant(c.env.DB, TOKEN, { ...body, revoke: false }, nowSeconds());
    return c.json({ data: { granted: added.target, changed: added.changed } });
  })
  .post('/grants/revoke', async (c) => {
    const body = parseInput(grantSchema, await readBody(c));
    const removed = await changeGrant(c.env.DB, TOKEN, { ...body, revoke: true }, nowSeconds());
    return c.json({ data: { revoked: removed.target, changed: removed.changed } });
  })
  .post('/networks', async (c) => {
    const body = parseInput(networkSchema, await readBody(c));
    const ownerUserId = body.owner_email ? await getUserIdByEmail(c.env.DB, body.owner_email) : null;
    const input = { slug: body.slug, name: body.name, contentOwnerId: body.content_owner_id ?? null, ownerUserId };
    const network = await saveNetwork(c.env.DB, TOKEN, input, body.owner_email ?? null, nowSeconds());
    return c.json({ data: { network_id: network.id, slug: body.slug } });
  })
  // Each load runs in an ArchiveLoad instance: 202 with its id; GET /loads/:id follows it to the answer.
  .post('/import', async (c) => {
    const upload = await readImportUpload(c);
    const network = upload.network ? await resolveNetwork(c.env.DB, upload.network) : null;
    const answer = await importPosted(c.env, upload, network?.id ?? null, nowSeconds());
    // A dry run changes nothing, so it records nothing either.
    if ('dryRun' in answer) return c.json({ data: answer.dryRun });
    const files = upload.files.map((f) => f.name);
    await audit(c.env.DB, 'import', files.join(', ').slice(0, 200), { files, network: upload.network, load: answer.started.load });
    return c.json({ data: answer.started }, 202);
  })
  .post('/replay', async (c) => {
    const body = parseInput(replaySchema, await readBody(c));
    const network = body.network === 'all' ? null : await resolveNetwork(c.env.DB, String(body.network));
    const page = await replayFiles(c.env.DB, {
      networkId: network?.id ?? null,
      from: body.from,
      to: body.to,
      after: body.after,
      days: body.days,
    });
    const started = await startOperatorLoad(c.env, replayLoad(page, nowSeconds(), loadStepSettings(c.env)));
    await audit(c.env.DB, 'replay', String(body.network), { from: body.from, to: body.to, after: body.after ?? null, load: started.load });
    return c.json({ data: started }, 202);
  })
  // Unfolding a folded title month: start (checks the archive, marks), the replay above, finish or cancel.
  .post('/unfold', async (c) => {
    const body = parseInput(unfoldSchema, await readBody(c));
    const network = { id: (await resolveNetwork(c.env.DB, String(body.network))).id, label: String(body.network) };
    const target = { ...importTarget(c.env), bucket: c.env.REPORTS };
    await audit(c.env.DB, `unfold.${body.action}`, network.label, { month: body.month });
    if (body.action === 'finish') return c.json({ data: await finishUnfold(target, network, body.month) });
    if (body.action === 'cancel') return c.json({ data: await cancelUnfold(target, network, body.month) });
    return c.json({ data: await startUnfold(target, network, body.month, nowSeconds()) });
  })
  .get('/loads/:id', async (c) => c.json({ data: await getOperatorLoad(c.env, loadId(c.req.param('id'))) }))
  // Uploads of any size: announce, send parts (resumable), complete (checked whole), load (docs/sync.md).
  .post('/uploads', async (c) => {
    const body = parseInput(uploadSchema, await readBody(c));
    return c.json({ data: await startUpload(c.env.DB, c.env.REPORTS, body, nowSeconds()) }, 201);
  })
  .get('/uploads/:id', async (c) => c.json({ data: await getUpload(c.env.DB, uploadId(c.req.param('id'))) }))
  .put('/uploads/:id/parts/:part', async (c) => {
    const part = Number(c.req.param('part'));
    return c.json({ data: await putUploadPart(c.env.DB, c.env.REPORTS, uploadId(c.req.param('id')), part, c.req.raw) });
  })
  .post('/uploads/:id/complete', async (c) => {
    const upload = await completeUpload(c.env.DB, c.env.REPORTS, uploadId(c.req.param('id')), nowSeconds());
    await audit(c.env.DB, 'upload.complete', upload.name, { id: upload.id, bytes: upload.bytes });
    return c.json({ data: upload });
  })
  .post('/uploads/:id/load', async (c) => {
    const body = parseInput(loadUploadSchema, await readBody(c));
    const network = body.network ? await resolveNetwork(c.env.DB, body.network) : null;
    const id = uploadId(c.req.param('id'));
    const params = await uploadsLoad(c.env.DB, [id], { ...body, networkId: network?.id ?? null }, nowSeconds(), loadStepSettings(c.env));
    const started = await startOperatorLoad(c.env, params);
    await audit(c.env.DB, 'upload.load', (await getUpload(c.env.DB, id)).name, {
      ids: [id],
      load: started.load,
      network: body.network ?? null,
    });
    return c.json({ data: started }, 202);
  })
  // Several uploads as one import (npm run import --remote): a demographics file beside its basic report.
  .post('/uploads/load', async (c) => {
    const { ids, ...body } = parseInput(loadUploadsSchema, await readBody(c));
    const network = body.network ? await resolveNetwork(c.env.DB, body.network) : null;
    const params = await uploadsLoad(c.env.DB, ids, { ...body, networkId: network?.id ?? null }, nowSeconds(), loadStepSettings(c.env));
    const started = await startOperatorLoad(c.env, params);
    await audit(c.env.DB, 'upload.load', `${ids.length} uploads`, { ids, load: started.load, network: body.network ?? null });
    return c.json({ data: started }, 202);
  })
  .post('/sync-status', async (c) => c.json({ data: await getSyncStatus(c.env.DB, Date.now()) }))
  .post('/rollups', async (c) => {
    const body = parseInput(rollupsSchema, await readBody(c));
    const done = await refreshRollups(importTarget(c.env), { rebuild: body.rebuild });
    await audit(c.env.DB, 'rollups', body.rebuild ? 'rebuild' : 'refresh', { statements: done.statements, rebuilt: done.rebuilt });
    return c.json({ data: { pending_buckets: done.pendingBuckets, rebuilt: done.rebuilt, statements: done.statements } });
  })
  .post('/partner-migrate', async (c) => {
    const body = parseInput(partnerMigrateSchema, await readBody(c));
    if (partnerStoreMode(c.env) !== 'objects') {
      throw conflict('PARTNER_STORE is shared: partner facts live in the shared D1, which `wrangler d1 migrations apply` migrates.');
    }
    const migrated = await migrateStores(c.env.DB, (id, bucket) => partnerDb(c.env, id, bucket), body);
    await audit(c.env.DB, 'partner.migrate', `networks after ${body.after}`, { limit: body.limit });
    return c.json({ data: migrated });
  })
  .post('/partner-move', async (c) => {
    const body = parseInput(partnerMoveSchema, await readBody(c));
    const moved = await partnerMove(moveTarget(c.env), body);
    await audit(c.env.DB, 'partner.move', String(body.network), { action: body.action, cursor: body.cursor ?? null });
    return c.json({ data: moved });
  })
  // A network's store to a past moment (Cloudflare's point-in-time recovery; docs/backup.md).
  .post('/store-restore', async (c) => {
    const body = parseInput(storeRestoreSchema, await readBody(c));
    if (partnerStoreMode(c.env) !== 'objects')
      throw conflict('PARTNER_STORE is shared: partner facts live in the shared D1; restore it with D1 Time Travel (docs/backup.md).');
    const network = await resolveNetwork(c.env.DB, String(body.network));
    await requireOpenedStore(c.env.DB, network, body.bucket);
    const target = body.to ? { to: Date.parse(body.to) } : { bookmark: body.bookmark ?? '' };
    const store = { networkId: network.id, bucket: body.bucket };
    const restored = await restoreStore(() => networkStoreHistory(c.env, network.id, body.bucket), store, target, Date.now());
    const { size_after: _size, ...detail } = restored;
    await audit(c.env.DB, 'store.restore', String(body.network), detail);
    return c.json({ data: restored });
  })
  .post('/partner-move/networks', async (c) => c.json({ data: { networks: await moveNetworks(c.env.DB) } }))
  // Some of a network's channels from one bucket's store to another (docs/partner-store.md, "A network larger than one store").
  .post('/rebalance', async (c) => {
    const body = parseInput(rebalanceSchema, await readBody(c));
    const step = await rebalance(rebalanceTarget(c.env), body);
    const detail = { action: body.action, from: body.from, to: body.to, channels: body.channels.length, cursor: body.cursor ?? null };
    await audit(c.env.DB, 'partner.rebalance', String(body.network), detail);
    return c.json({ data: step });
  })
  .post('/rebalance/buckets', async (c) => {
    const body = parseInput(storeBucketsSchema, await readBody(c));
    const set = await setStoreBuckets(c.env.DB, partnerStoreMode(c.env), body);
    await audit(c.env.DB, 'partner.buckets', String(body.network), { before: set.before, count: set.store_buckets });
    return c.json({ data: set });
  })
  .post('/retention', async (c) => {
    const body = parseInput(retentionSchema, await readBody(c));
    const windowDays = getSettings(c.env).PUBLIC_SNAPSHOT_DAYS;
    const done = await pruneSnapshots(c.env.DB, { windowDays, now: nowSeconds(), statements: body.statements, fromStart: body.from_start });
    await audit(c.env.DB, 'retention.prune', 'channel_snapshots', {
      window_days: windowDays,
      deleted: done.deleted,
      pass_done: done.passDone,
    });
    return c.json({
      data: {
        window_start: done.windowStart,
        cutoff: done.cutoff,
        deleted: done.deleted,
        statements: done.statements,
        pass_done: done.passDone,
      },
    });
  });
