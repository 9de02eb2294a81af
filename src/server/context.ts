// Per-request values the Hono middleware sets (c.var.*).
import type { SessionUser } from './auth/session-user';

export interface AppVariables {
  /** Set by requireUser() for signed-in routes. */
  user: SessionUser;
  /** SHA-256 of the session token, for logout. */
  sessionTokenHash: string;
}
