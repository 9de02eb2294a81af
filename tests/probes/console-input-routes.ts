// The operator console's calls that read a body, for the input probes (input-routes.ts): sent with a staff
// session on ids no row has, so a body the schema accepts is refused with a 404 and writes nothing either.
import { partnerEarningsSchema } from '../../src/server/console/routes';
import { approveBodySchema, contractBodySchema, payoutBodySchema } from '../../src/server/statements/schemas';
import type { BodyRoute } from './input-routes';
import { UNKNOWN_EMAIL } from './probe-values';

/** A network, statement or user id no row has. */
const NO_SUCH_ID = 999_999_999;

export const CONSOLE_BODY_ROUTES: readonly BodyRoute[] = [
  {
    kind: 'body',
    path: `/api/console/money/networks/${NO_SUCH_ID}/contracts`,
    schema: contractBodySchema,
    auth: 'staff',
    writes: ['revenue_contracts', 'audit_log'],
    base: { email: UNKNOWN_EMAIL, effective_from: '2026-01', shares: { ads: 7000, shorts: 5000, claims: 5000, adjustments: 7000 } },
  },
  {
    kind: 'body',
    path: `/api/console/money/networks/${NO_SUCH_ID}/approve`,
    schema: approveBodySchema,
    auth: 'staff',
    writes: ['statements', 'statement_lines', 'audit_log', 'mail_outbox'],
    base: { month: '2026-01', user_ids: [NO_SUCH_ID] },
  },
  {
    kind: 'body',
    path: `/api/console/money/statements/${NO_SUCH_ID}/payouts`,
    schema: payoutBodySchema,
    auth: 'staff',
    writes: ['payouts', 'audit_log', 'mail_outbox'],
    base: { paid_on: '2026-02-01', amount_micros: 1_000_000, method: 'bank_transfer', reference: 'probe' },
  },
  {
    kind: 'body',
    path: `/api/console/networks/${NO_SUCH_ID}/partner-earnings`,
    schema: partnerEarningsSchema,
    auth: 'staff',
    writes: ['networks', 'audit_log'],
    base: { partner_earnings: 'share' },
  },
];
