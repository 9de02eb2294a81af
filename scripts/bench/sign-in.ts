// Signs the demo network owner in through the running worker, for benchmarks of signed-in pages.
import { DEMO_USERS } from '../demo/users.ts';

/**
 * The session cookie ("vd_session=...") of the network owner, ready for a Cookie header.
 * @example const cookie = await signInNetworkOwner('http://localhost:8798')
 */
export async function signInNetworkOwner(base: string): Promise<string> {
  const owner = DEMO_USERS.find((u) => u.role === 'network');
  if (!owner) throw new Error('the demo users have no network owner');
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify({ login: owner.email, password: owner.password }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('vd_session='));
  if (!res.ok || !cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie.split(';')[0]!;
}
