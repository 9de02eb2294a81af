// Signs a demo account in through the API, as the benchmarks do: the session cookie to send with each call.
import { DEMO_USERS, type DemoRole } from '../demo/users.ts';
import type { Caller } from './timing.ts';

/**
 * The `vd_session=…` cookie of a fresh session of the demo account with that role.
 * @example const cookie = await signInDemo('http://localhost:8797', 'network')
 */
export async function signInDemo(base: string, role: DemoRole): Promise<string> {
  const user = DEMO_USERS.find((u) => u.role === role);
  if (!user) throw new Error(`no demo user with role ${role}`);
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ login: user.email, password: user.password }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('vd_session='));
  if (!res.ok || !cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie.split(';')[0]!;
}

/**
 * Calls as that session: GET when the body is null, else a JSON POST with the site's own Origin.
 * @example const call = sessionCaller(base, await signInDemo(base, 'network'))
 */
export function sessionCaller(base: string, cookie: string): Caller {
  return (p, body) =>
    fetch(
      `${base}${p}`,
      body === null
        ? { headers: { Cookie: cookie } }
        : { method: 'POST', headers: { Cookie: cookie, Origin: base, 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    );
}
