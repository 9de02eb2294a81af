// Per-request values the Hono middleware sets (c.var.*), each typed only where its middleware runs.
import type { SessionUser } from '../auth/session-user';
import type { Bindings } from '../env';

/** What every route has: the Worker's bindings, no variables. */
export interface AppEnv {
  Bindings: Bindings;
}

/**
 * The variables requireUser() sets. A route sees them only behind requireUser (app.use or per
 * route), so a signed-in route that forgets the guard does not type-check.
 */
export interface UserVariables {
  user: SessionUser;
  /** SHA-256 of the session token, for logout. */
  sessionTokenHash: string;
}

/** The env of a handler behind requireUser(). */
export interface UserEnv extends AppEnv {
  Variables: UserVariables;
}
