// The channel page's Monthly history table: every month held, newest first, the month still being
// counted named as the cards name it, and the first 12 apart from the rest for a compact page.
import type { ArchiveRow } from '../api/public-channels';
import type { PartialMonth } from '../dates/partial-month';
import { longMonthLabel } from '../formats/global-format';

/** Rows shown before "All N months": a year. */
export const HISTORY_RECENT_ROWS = 12;

export interface HistoryRow extends Omit<ArchiveRow, 'month_date'> {
  /** 'YYYY-MM'. */
  month: string;
  /** 'October 2026', or 'November 2026 so far (22 days)' for the month still being counted. */
  label: string;
  partial: boolean;
}

export interface MonthlyHistory {
  /** The oldest month held ('YYYY-MM'), null without history. */
  firstMonth: string | null;
  /** The newest month held ('YYYY-MM'), null without history. */
  lastMonth: string | null;
  count: number;
  /** Newest first: the last HISTORY_RECENT_ROWS months, then the older ones. */
  recent: HistoryRow[];
  older: HistoryRow[];
}

/**
 * The table's rows from the archive (oldest month first, as getArchive answers), with `partial` the
 * month still being counted (partialMonth of the newest snapshot day).
 * @example monthlyHistory(archive, partialMonth('2026-11-22')).recent[0].label // 'November 2026 so far (22 days)'
 */
export function monthlyHistory(archive: readonly ArchiveRow[], partial: PartialMonth | null): MonthlyHistory {
  const rows = archive
    .map(({ month_date, ...figures }): HistoryRow => {
      const month = month_date.slice(0, 7);
      const unfinished = partial !== null && partial.month === month;
      return { ...figures, month, label: unfinished ? partial.label : longMonthLabel(month), partial: unfinished };
    })
    .reverse();
  return {
    firstMonth: rows.at(-1)?.month ?? null,
    lastMonth: rows[0]?.month ?? null,
    count: rows.length,
    recent: rows.slice(0, HISTORY_RECENT_ROWS),
    older: rows.slice(HISTORY_RECENT_ROWS),
  };
}
