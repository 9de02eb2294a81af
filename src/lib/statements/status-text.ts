// A statement's status in words, the same on the partner's pages, the console and the downloads.
import type { StatementStatus } from '../api/statements';

export const STATUS_LABELS: Record<StatementStatus, string> = {
  estimate: 'Estimate',
  draft: 'Draft',
  approved: 'Approved',
  partly_paid: 'Partly paid',
  paid: 'Paid',
};

/** One sentence on what the status means for the partner. */
export const STATUS_HINTS: Record<StatementStatus, string> = {
  estimate: "YouTube's finance for this month is not final: these figures come from the estimated revenue and will change.",
  draft: "YouTube's finance is final; the network has not approved this statement yet, so it may still change.",
  approved: 'Approved by the network: these figures are locked. Later corrections from YouTube come on a later statement.',
  partly_paid: 'Approved and partly paid: the rest is still owed.',
  paid: 'Approved and paid in full.',
};
