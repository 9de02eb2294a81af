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
}
