// Request schemas of the statements calls: a month, shares, a payout. Bounded before any work starts.
import * as z from 'zod';
import {
  APPROVE_MAX,
  type ApproveBody,
  type ContractBody,
  FULL_SHARE_BPS,
  PAYOUT_METHODS,
  PAYOUT_REFERENCE_MAX,
  type PayoutBody,
} from '../../lib/api/statements';
import { isRealDay } from '../../lib/dates/time';

/** A month YYYY-MM from 2005 (YouTube's first year) to 2099. */
export const monthSchema = z
  .string('a month YYYY-MM.')
  .regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/, 'a month YYYY-MM, e.g. 2026-10.')
  .refine((m) => m >= '2005-01' && m <= '2099-12', "a month from 2005-01 (YouTube's first year) to 2099-12.");

const bps = (kind: string) =>
  z
    .number(`shares.${kind}: a number of basis points (7000 = 70 %).`)
    .int(`shares.${kind}: whole basis points (7000 = 70 %).`)
    .min(0, `shares.${kind}: 0 or more; a share cannot be negative.`)
    .max(FULL_SHARE_BPS, `shares.${kind}: at most 10000 (100 %).`);

/** At most a million dollars: a minimum payout above that is a typing error. */
const MIN_PAYOUT_MAX = 1_000_000 * 1_000_000;
/** A single payout of at most a billion dollars. */
const PAYOUT_MAX = 1_000_000_000 * 1_000_000;

export const contractBodySchema = z.strictObject({
  email: z.email("email: the partner account's e-mail address.").max(254),
  channel: z
    .string()
    .regex(/^UC[A-Za-z0-9_-]{22}$/, 'channel: a YouTube channel id (UC followed by 22 characters).')
    .optional(),
  effective_from: monthSchema,
  shares: z.strictObject(
    { ads: bps('ads'), shorts: bps('shorts'), claims: bps('claims'), adjustments: bps('adjustments') },
    'shares: ads, shorts, claims and adjustments in basis points.',
  ),
  min_payout_micros: z
    .number()
    .int('min_payout_micros: whole micro-dollars.')
    .min(0, 'min_payout_micros: 0 or more.')
    .max(MIN_PAYOUT_MAX, 'min_payout_micros: at most $1,000,000.')
    .optional(),
}) satisfies z.ZodType<ContractBody>;

export const approveBodySchema = z.strictObject({
  month: monthSchema,
  user_ids: z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER), 'user_ids: the partners to approve.')
    .min(1, 'user_ids: choose at least one partner.')
    .max(APPROVE_MAX, `user_ids: at most ${APPROVE_MAX} at a time.`)
    .refine((ids) => new Set(ids).size === ids.length, 'user_ids: each partner once.'),
}) satisfies z.ZodType<ApproveBody>;

export const payoutBodySchema = z.strictObject({
  paid_on: z.string().refine(isRealDay, 'paid_on: a day YYYY-MM-DD.'),
  amount_micros: z
    .number('amount_micros: micro-dollars ($1 = 1000000).')
    .int('amount_micros: whole micro-dollars.')
    .positive('amount_micros: more than 0.')
    .max(PAYOUT_MAX),
  method: z.enum(PAYOUT_METHODS, `method: one of ${PAYOUT_METHODS.join(', ')}.`),
  reference: z
    .string()
    .trim()
    .max(PAYOUT_REFERENCE_MAX, `reference: at most ${PAYOUT_REFERENCE_MAX} characters.`)
    // eslint-disable-next-line no-control-regex
    .refine((r) => !/[\u0000-\u001f\u007f]/.test(r), 'reference: one line of text.')
    .optional(),
}) satisfies z.ZodType<PayoutBody>;

export const monthQuerySchema = z.object({ month: monthSchema });
export const networkQuerySchema = z.object({ network: z.string().trim().min(1, 'network: the network slug.').max(100).optional() });
export const downloadQuerySchema = networkQuerySchema.extend({ format: z.enum(['pdf', 'xlsx', 'csv'], 'format: pdf, xlsx or csv.') });
