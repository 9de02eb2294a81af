// Tenant isolation as a property: random requests from every scoped user, naming other users'
// channels, titles, countries and networks in every parameter shape, never see outside their scope.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ProbeFindings, probeArb, probeOnce, scopesOf, type Send, universeOf } from '../../probes/isolation-run';
import { call } from '../http';
import { buildFuzzWorld, FIRST_DAY, type FuzzWorld, LAST_DAY } from './world';

/** Bounded for `npm test` (about 400 requests with the twins); `npm run fuzz:isolation` runs longer. */
const RUNS = 200;
/** Upper bounds (the run takes a few seconds), so a hung request fails instead of stalling the suite. */
const RUN_BOUND_MS = 120_000;
const WORLD_BOUND_MS = 60_000;
/** Ranges inside, across and outside the facts; absent means lifetime. */
const RANGES = [
  { date_from: FIRST_DAY, date_to: LAST_DAY },
  { date_from: '2026-02-01', date_to: '2026-02-28' },
  { date_from: '2026-03-01', date_to: '2026-03-31' },
  { date_from: '2025-01-01', date_to: '2025-06-30' },
];

let world: FuzzWorld;
beforeAll(async () => {
  world = await buildFuzzWorld();
}, WORLD_BOUND_MS);

const send: Send = async (req, session) => {
  const headers: Record<string, string> = req.contentType ? { 'Content-Type': req.contentType } : {};
  const res = await call(req.path, { method: req.method, session, headers, body: req.body ?? undefined });
  return { status: res.status, text: await res.text() };
};

describe('isolation', () => {
  it('the independent scope model agrees with what each user is offered', async () => {
    const scopes = scopesOf(world);
    for (const u of world.users) {
      const scope = scopes.get(u.id)!;
      const session = world.sessions.get(u.id)!;
      const channels = JSON.parse(
        (await send({ method: 'GET', path: '/api/profile/channels', contentType: null, body: null }, session)).text,
      ) as { data: Array<{ channel_id: string }> };
      expect(new Set(channels.data.map((c) => c.channel_id)), u.email).toEqual(scope.channelKeys);
      const titles = JSON.parse(
        (await send({ method: 'GET', path: '/api/profile/titles', contentType: null, body: null }, session)).text,
      ) as { data: Array<{ title_id: number }> };
      expect(new Set(titles.data.map((t) => t.title_id)), u.email).toEqual(scope.titleIds);
    }
    // The world is only a test if scopes differ and every user has something foreign to ask for.
    expect(new Set([...scopes.values()].map((s) => [...s.channelKeys].sort().join())).size).toBe(world.users.length);
  });

  it(
    'answers every scoped user with nothing outside their scope',
    async () => {
      const scopes = scopesOf(world);
      const findings: ProbeFindings = { requests: 0, compared: 0, leaks: [], serverErrors: [] };
      await fc.assert(
        fc.asyncProperty(probeArb(world, universeOf(world, RANGES)), async ({ user, c }) => {
          const u = world.users[user]!;
          return probeOnce(send, scopes.get(u.id)!, world.sessions.get(u.id)!, c, findings);
        }),
        { numRuns: RUNS },
      );
      expect(findings.leaks).toEqual([]);
      expect(findings.serverErrors).toEqual([]);
      expect(findings.requests).toBeGreaterThanOrEqual(RUNS);
      // Some accepted answers were compared with their twins, so the numbers were checked, not only the names.
      expect(findings.compared).toBeGreaterThan(0);
    },
    RUN_BOUND_MS,
  );
});
