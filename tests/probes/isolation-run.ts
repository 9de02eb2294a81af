// One isolation probe: send a random case as a user, judge the answer, and compare it with its twin
// whose foreign ids are replaced by ids that exist nowhere. Used by the test and the long run alike.
import fc from 'fast-check';
import { comparable, findLeaks } from './isolation-oracle';
import { hasTwin, type ProbeCase, probeCaseArb, type ProbeRequest, type ProbeUniverse, renderCase, twinOf } from './isolation-requests';
import { channelKey, type ScopeWorld, scopeOf, type UserScope } from './scope-model';

/**
 * Sends a request as the signed-in user; the transport differs between workerd and a live server.
 * Status 0 means no answer came (the connection closed); it counts like a 5xx.
 */
export type Send = (req: ProbeRequest, session: string) => Promise<{ status: number; text: string }>;

export interface ProbeFindings {
  requests: number;
  /** Accepted cases whose answer was compared with its twin. */
  compared: number;
  leaks: string[];
  serverErrors: string[];
}

/** Countries the cases name: the world's and some nobody has. */
const COUNTRIES = ['US', 'DE', 'FR', 'BR', 'JP', 'ZZ'];

/** The names and ids the generators draw from, over the whole world. */
export function universeOf(world: ScopeWorld, ranges: ProbeUniverse['ranges']): ProbeUniverse {
  return {
    channelKeys: [...new Set(world.channels.map(channelKey))],
    titleIds: world.titles.map((t) => t.id),
    networkSlugs: world.networks.map((n) => n.slug),
    userIds: world.users.map((u) => u.id),
    countries: COUNTRIES,
    ranges,
  };
}

/** A user and a case for them. */
export function probeArb(world: ScopeWorld, universe: ProbeUniverse): fc.Arbitrary<{ user: number; c: ProbeCase }> {
  return fc.record({ user: fc.nat({ max: world.users.length - 1 }), c: probeCaseArb(universe) });
}

function describe(req: ProbeRequest, scope: UserScope): string {
  const body = typeof req.body === 'string' ? req.body : req.body ? `multipart ${JSON.stringify([...req.body.entries()])}` : '';
  return `${scope.user.email} ${req.method} ${req.path} ${body.slice(0, 300)}`;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Runs one case and adds what it found to the findings; true when the case is clean.
 * @example const clean = await probeOnce(send, scope, session, c, findings)
 */
export async function probeOnce(send: Send, scope: UserScope, session: string, c: ProbeCase, findings: ProbeFindings): Promise<boolean> {
  const req = renderCase(c);
  const res = await send(req, session);
  findings.requests += 1;
  const where = describe(req, scope);
  if (res.status >= 500 || res.status === 0) {
    findings.serverErrors.push(`${where} -> ${res.status} ${res.text.slice(0, 200)}`);
    return false;
  }
  const answer = parse(res.text);
  const requestText =
    typeof req.body === 'string' ? `${req.path} ${req.body}` : `${req.path} ${JSON.stringify(req.body ? [...req.body.entries()] : [])}`;
  const leaks = findLeaks(answer, scope, requestText);
  if (res.status === 200 && hasTwin(c)) {
    const twinRes = await send(renderCase(twinOf(c, scope)), session);
    findings.requests += 1;
    findings.compared += 1;
    const same = twinRes.status === res.status && JSON.stringify(comparable(parse(twinRes.text))) === JSON.stringify(comparable(answer));
    if (!same)
      leaks.push(
        `answer differs when foreign ids are replaced by unknown ones (${twinRes.status}): ${res.text.slice(0, 200)} vs ${twinRes.text.slice(0, 200)}`,
      );
  }
  for (const leak of leaks) findings.leaks.push(`${where} -> ${res.status}: ${leak}`);
  return leaks.length === 0;
}

/** Every user's scope, by user id. */
export function scopesOf(world: ScopeWorld): Map<number, UserScope> {
  return new Map(world.users.map((u) => [u.id, scopeOf(world, u)]));
}
