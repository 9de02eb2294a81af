// Earnings of title and country months and years from the statement shares the rollups store (migration 0020).
import { type Fragment, raw, sql } from '../db/sql';
import type { BasisMonths, EarningsBranchInput } from './earnings';
import { GRAIN_TABLES, YEARLY_TABLES } from './source';

/** The branch's select items before its money columns ('' or 'a, b, '). */
function head(input: EarningsBranchInput): string {
  const items = [...input.dimensions, ...input.columns];
  return items.length ? `${items.join(', ')}, ` : '';
}

/** The branch's rows: its filter and its keys (month or year) from..to. */
function rows(input: EarningsBranchInput, key: 'month' | 'year', span: { from: string; to: string }): Fragment {
  return sql`${input.filter} AND ${raw(key)} BETWEEN ${span.from} AND ${span.to}`;
}

/**
 * Whole months of the title or country grain: inside the basis a row's earnings are its stored share of
 * its channel's statement where it has one (else its estimate), and the share is also its finance part.
 * The share is the spread earningsBranch computes over the month's rows (the same cut, the same order,
 * the same weight total), stored when the rollups refill the month or its statement changes, so no
 * running sum is needed here.
 * @example storedMonthsBranch(input, { from: '2026-01', to: '2026-06' })
 */
export function storedMonthsBranch(input: EarningsBranchInput, months: BasisMonths): Fragment {
  const where = rows(input, 'month', input.span);
  const basis = sql`month BETWEEN ${months.from} AND ${months.to}`;
  return sql`SELECT ${raw(head(input))}
      CASE WHEN ${basis} THEN coalesce(statement_share_micros, partner_revenue_micros) ELSE partner_revenue_micros END AS partner_revenue_micros,
      CASE WHEN ${basis} THEN coalesce(statement_share_micros, 0) ELSE 0 END AS finance_micros
    FROM ${raw(GRAIN_TABLES[input.grain].monthly)} WHERE ${where}`;
}

/**
 * Whole years of the title or country grain. A yearly row holds every month's earnings by the stored
 * shares (earnings_micros, statement_share_micros); its months outside the basis must be estimates,
 * so for each of them with a share the difference is added back from its monthly row (none for a
 * year inside the basis, such as every year of a lifetime). Years with no basis month read the estimates.
 * @example storedYearsBranch(input, { from: '2005-01', to: '2099-12' }) // the yearly rows alone
 */
export function storedYearsBranch(input: EarningsBranchInput, months: BasisMonths | null): Fragment {
  const table = YEARLY_TABLES[input.grain];
  if (!table) throw new Error(`The ${input.grain} grain has no yearly totals.`);
  const years = rows(input, 'year', input.span);
  const touches = months && months.from <= `${input.span.to}-12` && months.to >= `${input.span.from}-01`;
  if (!touches) return sql`SELECT ${raw(head(input))}partner_revenue_micros, 0 AS finance_micros FROM ${raw(table)} WHERE ${years}`;
  const year = sql`SELECT ${raw(head(input))}earnings_micros AS partner_revenue_micros, statement_share_micros AS finance_micros FROM ${raw(table)} WHERE ${years}`;
  const first = `${input.span.from}-01`;
  const last = `${input.span.to}-12`;
  if (months.from <= first && last <= months.to) return year;
  // Each outside month's share back to its estimate: + (estimate - share) earnings, - share finance.
  const zeros = input.columns.map((c) => `0 AS ${c}`);
  const select = [...input.dimensions, ...zeros].map((item) => `${item}, `).join('');
  const outside = rows(input, 'month', { from: first, to: last });
  // One term in the query's UNION ALL (D1 allows few terms in a compound SELECT).
  return sql`SELECT * FROM (${year}
    UNION ALL
    SELECT ${raw(select)}partner_revenue_micros - statement_share_micros AS partner_revenue_micros, -statement_share_micros AS finance_micros
    FROM ${raw(GRAIN_TABLES[input.grain].monthly)}
    WHERE ${outside} AND month NOT BETWEEN ${months.from} AND ${months.to} AND statement_share_micros IS NOT NULL)`;
}
