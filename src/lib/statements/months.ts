// Months of a statement: which are over, and how far a draft looks back for late finance. (Month
// arithmetic is the rollups': shiftMonth and monthsBetween, src/server/ingest/rollup/periods.ts.)
import { monthOf } from '../dates/time';

/**
 * How many months before a statement's own a draft looks for finance that changed or arrived late. YouTube
 * books later changes as adjustment rows of the month they arrive in (lines of that month); this catches a
 * statement file reloaded with different figures, which YouTube keeps for about two months.
 */
export const LOOKBACK_MONTHS = 12;

/** Whether a month is over on `today` (YYYY-MM-DD): only an ended month's finance can be final. */
export const monthIsOver = (month: string, today: string): boolean => month < monthOf(today);
