// What every public CSV shares: the per-address hourly limit (one window for all of them, so a visitor
// cannot multiply it by switching lists), refusals as plain text, and the figures written the same way.
import { minutesToHours } from '../../../lib/formats/stat-format';
import { reserve } from '../../auth/rate-window';
import { csvResponse } from '../../export/response';
import type { ExportTable } from '../../export/table';
import { HttpError } from '../../http/errors';
import type { PublicContext } from '../context';

/** Downloads an address may take an hour: a person exporting page after page, not a scraper. */
export const PUBLIC_CSV_PER_HOUR = 60;
const HOUR_SECONDS = 3600;
/** The counter every public CSV is charged to, per address. */
export const PUBLIC_CSV_SCOPE = 'public-csv:';

/**
 * A refusal as the download's answer: the sentence as text, with the status the page gives.
 * @example return csvRefusal(400, 'Unknown table “x”: choose countries or categories.')
 */
export function csvRefusal(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(`${message}\n`, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', ...headers } });
}

/**
 * A 4xx the page's own server function threw (an unknown network, channel or video), as text; anything
 * else is not the visitor's to fix and is thrown on.
 * @example catch (error) { return refusalOf(error) }
 */
export function refusalOf(error: unknown): Response {
  if (error instanceof HttpError && error.status < 500) return csvRefusal(error.status, error.message, error.headers);
  throw error;
}

/** Charges the address one download, or answers the 429 that says when the next one may come. */
async function charge(ctx: PublicContext, request: Request, now: number): Promise<Response | null> {
  const address = request.headers.get('CF-Connecting-IP')?.trim() || 'unknown';
  const reservation = await reserve(
    ctx.db,
    [{ scope: `${PUBLIC_CSV_SCOPE}${address}`, limit: PUBLIC_CSV_PER_HOUR, windowSeconds: HOUR_SECONDS }],
    now,
  );
  if (reservation.ok) return null;
  const seconds = String(reservation.retryAfterSeconds);
  return csvRefusal(429, `At most ${PUBLIC_CSV_PER_HOUR} downloads an hour: try again in ${seconds} s.`, { 'Retry-After': seconds });
}

/**
 * The table as a download once the address has one left (a refused URL is answered before this, and is
 * not charged). Every public CSV ends here.
 * @example return publicCsv(ctx, request, now, table)
 */
export async function publicCsv(ctx: PublicContext, request: Request, now: number, table: ExportTable): Promise<Response> {
  return (await charge(ctx, request, now)) ?? csvResponse(table);
}

/** Watch time arrives in minutes; the CSVs give whole hours, as the pages do. */
export const watchHours = (minutes: number): number => Math.round(minutesToHours(minutes));

/** The period's filter line: 'Last 30 days' or the month. */
export const periodLine = (period: string) => ({ label: 'Period', value: period === 'now' ? 'Last 30 days' : period });

/** The page's notes (a value it did not use and what it showed instead) as filter lines. */
export const noteLines = (notes: readonly string[]) => notes.map((value) => ({ label: 'Note', value }));
