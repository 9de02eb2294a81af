// The signed-in user as server code and pages see it (no secrets).

export interface SessionUser {
  id: number;
  email: string;
  userName: string;
  phone: string;
  newEmail: string | null;
  showTitle: boolean;
  onlyInhouseChannels: boolean;
  showAnalytics: boolean;
  dashboard: 'analytics' | null;
  /** Staff who answer support tickets (the inbox at /support/inbox). */
  support: boolean;
  /** Operators: the console at /admin (its calls under /api/console). */
  staff: boolean;
}

/**
 * A signed-in user with an account's defaults for everything not given (no phone, no flags, the
 * partner dashboard): what scripts and tests that act as a user start from.
 * @example withAccountDefaults({ id: 7, email: 'a@example.com', userName: 'A', showTitle: true })
 */
export function withAccountDefaults(fields: Pick<SessionUser, 'id' | 'email' | 'userName'> & Partial<SessionUser>): SessionUser {
  return {
    phone: '',
    newEmail: null,
    showTitle: false,
    onlyInhouseChannels: false,
    showAnalytics: false,
    dashboard: null,
    support: false,
    staff: false,
    ...fields,
  };
}
