// Revenue-share contracts, monthly statements and payouts (docs/partner-area.md, "Statements and
// payouts"): the shapes the partner's /api/statements calls, the console's calls, the pages and the
// downloads share. Money is integer micro-USD throughout.

/** The revenue kinds a contract shares, as the monthly ad revenue statement separates them. */
export const REVENUE_KINDS = ['ads', 'shorts', 'claims', 'adjustments'] as const;
export type RevenueKind = (typeof REVENUE_KINDS)[number];

/** How each kind is named on pages and in downloads. */
export const REVENUE_KIND_LABELS: Record<RevenueKind, string> = {
  ads: 'Ads (videos and live)',
  shorts: 'Shorts',
  claims: 'Claims on third-party uploads',
  adjustments: 'Adjustments',
};

/** A share in basis points: 10,000 = 100 %. */
export const FULL_SHARE_BPS = 10_000;

export const PAYOUT_METHODS = ['bank_transfer', 'paypal', 'check', 'other'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** One contract row: an account's terms (channel null) or one channel's, from a month on. */
export interface Contract {
  id: number;
  network_id: number;
  user_id: number;
  email: string;
  /** null: the account's channels granted one by one; else this channel, whoever else holds it. */
  channel_id: number | null;
  channel_title: string | null;
  effective_from: string;
  shares: Record<RevenueKind, number>;
  min_payout_micros: number;
  created_at: number;
}

/** POST /api/console/networks/{id}/contracts. */
export interface ContractBody {
  email: string;
  /** YouTube channel id (UC…) for a channel's own terms; omitted for the account's. */
  channel?: string;
  effective_from: string;
  shares: Record<RevenueKind, number>;
  min_payout_micros?: number;
}

/**
 * A statement's state: an estimate (the month is open or YouTube's finance is not loaded), a draft
 * (finance loaded, not approved: recomputed whenever finance changes), approved (locked), partly paid, paid.
 */
export type StatementStatus = 'estimate' | 'draft' | 'approved' | 'partly_paid' | 'paid';

/** One line: a channel's revenue of one kind, from one month's finance. */
export interface StatementLine {
  channel_id: number;
  channel_title: string;
  /** YouTube channel id; null for the network's UGC channel. */
  youtube_id: string | null;
  kind: RevenueKind;
  /** The month whose finance this is: the statement's own, or an earlier one for a correction. */
  source_month: string;
  gross_micros: number;
  share_bps: number;
  partner_micros: number;
}

export interface Payout {
  id: number;
  paid_on: string;
  amount_micros: number;
  method: PayoutMethod;
  reference: string;
}

/** A statement's figures without its lines: the list and the payables rows. */
export interface StatementSummary {
  /** null until approved. */
  id: number | null;
  network: { id: number; slug: string; name: string };
  user: { id: number; email: string; user_name: string };
  month: string;
  status: StatementStatus;
  gross_micros: number;
  partner_micros: number;
  /** Unpaid balance carried over from the previous statement (negative after a clawback). */
  opening_micros: number;
  owed_micros: number;
  paid_micros: number;
  /** owed - paid. */
  balance_micros: number;
  min_payout_micros: number;
  /** Whether the balance reaches the minimum payout (else it carries over). */
  payable: boolean;
  approved_at: number | null;
}

export interface Statement extends StatementSummary {
  lines: StatementLine[];
  payouts: Payout[];
}

/** GET /api/console/networks/{id}/payables?month=: every partner's statement of the month and the network's part. */
export interface Payables {
  network: { id: number; slug: string; name: string };
  month: string;
  /** Whether YouTube's finance for the month is loaded and the month is over (statements can be approved). */
  final: boolean;
  /** YouTube's finance total for the network this month (every channel, the UGC channel included). */
  youtube_micros: number;
  /** Partners' amounts of lines from this month's finance (their statements of this month). */
  partners_micros: number;
  /** youtube_micros - partners_micros: what the network keeps of this month. */
  retained_micros: number;
  statements: StatementSummary[];
  /** Channels with finance this month and no payee (no contract, or two accounts' contracts: see reason). */
  unassigned: Array<{ channel_id: number; channel_title: string; gross_micros: number; reason: 'no_contract' | 'several_accounts' }>;
}

/** POST /api/console/networks/{id}/statements/approve. */
export interface ApproveBody {
  month: string;
  user_ids: number[];
}

/** POST /api/console/statements/{id}/payouts. */
export interface PayoutBody {
  paid_on: string;
  amount_micros: number;
  method: PayoutMethod;
  reference?: string;
}

/** Most partners one bulk approval takes. */
export const APPROVE_MAX = 500;
/** The longest payout reference (a bank's remittance field holds 140). */
export const PAYOUT_REFERENCE_MAX = 140;
