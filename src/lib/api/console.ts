// The operator console's calls under /api/console (staff accounts): bodies, answers and limits, shared
// by the server's routes, the console pages' scripts and the tests.
import type { EarningsView } from './stats';

/** Rows per page of every console list (users, grants, audit log). */
export const CONSOLE_PAGE_SIZE = 50;
/** The last page a list pages to (50 × 200 = 10,000 rows back: search to go further). */
export const CONSOLE_PAGE_MAX = 200;
/** The longest search or filter text. */
export const CONSOLE_SEARCH_MAX = 100;

/** One page of a list: its rows, the page number and whether another page follows. */
export interface ConsolePage<T> {
  rows: T[];
  page: number;
  more: boolean;
}

/** The account flags the console sets (users columns of the same names). */
export interface ConsoleUserFlags {
  show_title: boolean;
  only_inhouse_channels: boolean;
  show_analytics: boolean;
  support: boolean;
  staff: boolean;
}

/** One account as the console lists it (GET /api/console/users). */
export interface ConsoleUser extends ConsoleUserFlags {
  id: number;
  email: string;
  user_name: string;
  is_active: boolean;
  /** False while an invited person has not set a password yet. */
  has_password: boolean;
  created_at: number;
  sessions: number;
  grants: number;
}

/** POST /api/console/users/invite: the admin API's invitation, from the console. */
export interface ConsoleInviteBody {
  email: string;
  user_name: string;
  show_title?: boolean;
  only_inhouse_channels?: boolean;
  show_analytics?: boolean;
}

export interface ConsoleInviteAnswer {
  user_id: number;
  created: boolean;
  expires_at: number;
}

/** What deleting an account removed with it (POST /api/console/users/{id}/delete). */
export interface ConsoleDeleteAnswer {
  email: string;
  sessions: number;
  grants: number;
  /** Networks that had this account as owner: they stay, without an owner. */
  networks_unowned: number;
}

/** The answer of flags, deactivate, reactivate and end-sessions: the account as it is now. */
export interface ConsoleUserAnswer {
  user: ConsoleUser;
  /** Sessions ended by this call. */
  sessions_ended: number;
}

/** One network (GET /api/console/networks). */
export interface ConsoleNetwork {
  id: number;
  slug: string;
  name: string;
  content_owner_id: string | null;
  owner_email: string | null;
  channels: number;
  /** Accounts with a grant of the whole network. */
  partners: number;
  /** 1: public pages show the network's partners' own figures; 0: public data only. */
  public_figures: boolean;
  /** Which Earnings figure its partners see first on their dashboard: YouTube's gross or their share. */
  partner_earnings: EarningsView;
}

/** POST /api/console/networks (create, or update by slug). */
export interface ConsoleNetworkBody {
  slug: string;
  name: string;
  content_owner_id?: string;
  owner_email?: string;
}

/** POST /api/console/networks/{id}/public-figures */
export interface ConsolePublicFiguresBody {
  public_figures: boolean;
}

/** POST /api/console/networks/{id}/partner-earnings */
export interface ConsolePartnerEarningsBody {
  partner_earnings: EarningsView;
}

/** One grant (GET /api/console/grants). */
export interface ConsoleGrant {
  email: string;
  kind: 'channel' | 'network';
  /** The channel's YouTube id or the network's slug. */
  target: string;
  /** The channel's title or the network's name. */
  name: string;
  created_at: number;
}

/** POST /api/console/grants and /grants/revoke. */
export interface ConsoleGrantBody {
  email: string;
  target: string;
}

export interface ConsoleGrantAnswer {
  target: string;
  changed: boolean;
}

/** One row of the audit log, newest first (GET /api/console/audit). */
export interface ConsoleAuditEntry {
  id: number;
  at: number;
  actor: string;
  action: string;
  target: string;
  detail: string;
}

/** POST /api/console/retention: one bounded prune pass. */
export interface ConsoleRetentionAnswer {
  window_days: number;
  window_start: string | null;
  deleted: number;
  statements: number;
  pass_done: boolean;
}

/** An upload as the console's upload island and the admin API answer it (UploadState on the server). */
export interface ConsoleUpload {
  id: number;
  name: string;
  state: 'receiving' | 'archived' | 'failed';
  bytes: number;
  partBytes: number;
  parts: number;
  /** Parts R2 holds already: a client that lost its connection sends only the others. */
  received: number[];
  reason: string | null;
}

/** A started load (202) and its state (GET /api/console/loads/{id}). */
export interface ConsoleLoadStarted {
  load: string;
  state: string;
  follow: string;
}

export interface ConsoleLoadState {
  load: string;
  state: string;
  step: string | null;
  steps_done: number;
  result: unknown;
  error: string | null;
}

/** A load is over in these states: the island stops following it. */
export const LOAD_DONE_STATES: readonly string[] = ['complete', 'errored', 'terminated'];
