// Bad input as a property: cases generated from every route's zod schema get a 4xx with the error
// envelope, never a 5xx or internals, and a refused write leaves the database as it was.
import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeCase, type InputCase, inputCaseArb, judgeAnswer } from '../../probes/input-cases';
import { staffSession } from '../console/console-helpers';
import { createUser } from '../factories';
import { call, signIn } from '../http';

/** Bounded for `npm test`; `npm run fuzz:input` runs longer against a live server. */
const RUNS = 250;
/** Upper bound for the whole run (it takes a few seconds), so a hung request fails instead of stalling the suite. */
const RUN_BOUND_MS = 120_000;

let session = '';
let staff = '';
beforeAll(async () => {
  const user = await createUser({ showTitle: true });
  session = await signIn(user.email, user.password ?? '');
  staff = (await staffSession()).session;
});

/** The rows of the tables a route may write (and the sign-in counters every call could touch). */
async function snapshot(tables: readonly string[]): Promise<string> {
  const dumps: string[] = [];
  for (const name of [...tables, 'rate_limit_hits'])
    dumps.push(`${name}:${JSON.stringify((await env.DB.prepare(`SELECT * FROM "${name}"`).all()).results)}`);
  return dumps.join('\n');
}

async function send(c: InputCase): Promise<Response> {
  const headers: Record<string, string> = c.contentType ? { 'Content-Type': c.contentType } : {};
  const auth = c.route.kind === 'body' ? c.route.auth : 'none';
  if (auth === 'admin') headers.Authorization = `Bearer ${env.ADMIN_TOKEN}`;
  const as = auth === 'user' ? session : auth === 'staff' ? staff : undefined;
  return call(c.path, { method: c.method, headers, body: c.body ?? undefined, session: as });
}

describe('bad input', () => {
  it(
    'is refused with a 4xx and the envelope, never a 5xx, and a refused write changes nothing',
    async () => {
      const problems: string[] = [];
      await fc.assert(
        fc.asyncProperty(inputCaseArb(), async (c) => {
          const writes = c.route.kind === 'body' ? c.route.writes : [];
          const before = writes.length > 0 && c.mustRefuse ? await snapshot(writes) : null;
          const res = await send(c);
          const found = judgeAnswer(c, res.status, await res.text());
          if (before !== null && res.status >= 400 && (await snapshot(writes)) !== before)
            found.push('the database changed after a refused write');
          if (found.length > 0) problems.push(`${describeCase(c)} -> ${res.status}: ${found.join('; ')}`);
          return found.length === 0;
        }),
        { numRuns: RUNS },
      );
      expect(problems).toEqual([]);
    },
    RUN_BOUND_MS,
  );
});
