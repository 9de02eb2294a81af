// The admin API of an instance as the commands call it (npm run admin, npm run import --remote): the admin
// token as a bearer, the path under /api/admin/ of the instance's origin, a refusal thrown with its reason.
import { readLocalVar } from './local-vars.ts';
import { answerOf, reach } from './reach.ts';

/**
 * ADMIN_TOKEN from the environment, else from .dev.vars (npm start writes one for the local server);
 * throws saying where to set it when neither has one.
 * @example const token = adminToken(ROOT)
 */
export function adminToken(root: string): string {
  const token = process.env.ADMIN_TOKEN ?? readLocalVar(root, 'ADMIN_TOKEN');
  if (!token) throw new Error('Set ADMIN_TOKEN (the secret configured on the worker).');
  return token;
}

/** A call's body: JSON (POST unless told), raw bytes (a part of an upload), or none (GET). */
export interface AdminCallInit {
  method?: string;
  json?: unknown;
  body?: BodyInit;
}

export type AdminCall = <T>(apiPath: string, init?: AdminCallInit) => Promise<T>;

/**
 * Calls to the admin API of the instance at `origin`; each answers the `data` of the answer, or throws
 * with the server's reason, after `context` when given (a command making many calls names which refused).
 * @example const call = adminApi('https://viewdeck.example', adminToken(ROOT)); await call('grants', { json: { email, target } })
 */
export function adminApi(origin: string, token: string, context?: (apiPath: string, status: number) => string): AdminCall {
  return async <T>(apiPath: string, init: AdminCallInit = {}): Promise<T> => {
    const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
    if (init.json !== undefined) headers['Content-Type'] = 'application/json';
    else if (init.body !== undefined) headers['Content-Type'] = 'application/octet-stream';
    const res = await reach(new URL(`/api/admin/${apiPath}`, origin), {
      method: init.method ?? (init.json === undefined && init.body === undefined ? 'GET' : 'POST'),
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
    return answerOf<T>(res, context?.(apiPath, res.status));
  };
}
