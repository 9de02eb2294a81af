// Paging and search of the console's lists: one schema for ?q=&page=, LIMIT/OFFSET, and LIKE patterns.
import * as z from 'zod';
import { CONSOLE_PAGE_MAX, CONSOLE_PAGE_SIZE, CONSOLE_SEARCH_MAX, type ConsolePage } from '../../lib/api/console';

/** The text of a search box: trimmed, at most CONSOLE_SEARCH_MAX characters, empty when absent. */
export const searchText = z.string().trim().max(CONSOLE_SEARCH_MAX, `Search for at most ${CONSOLE_SEARCH_MAX} characters.`).default('');

/** A page number from the query string: 1 to CONSOLE_PAGE_MAX. */
export const pageNumber = z.coerce
  .number()
  .int('page: a whole number.')
  .min(1, 'page: 1 or more.')
  .max(CONSOLE_PAGE_MAX, `page: at most ${CONSOLE_PAGE_MAX}; narrow the search instead.`)
  .default(1);

export const listQuerySchema = z.object({ q: searchText, page: pageNumber });
export type ListQuery = z.infer<typeof listQuerySchema>;

/** LIMIT and OFFSET of a page: one row more than shown, to know whether another page follows. */
export function pageWindow(page: number): { limit: number; offset: number } {
  return { limit: CONSOLE_PAGE_SIZE + 1, offset: (page - 1) * CONSOLE_PAGE_SIZE };
}

/** The page's rows from what pageWindow's LIMIT read. */
export function toPage<T>(rows: T[], page: number): ConsolePage<T> {
  return { rows: rows.slice(0, CONSOLE_PAGE_SIZE), page, more: rows.length > CONSOLE_PAGE_SIZE };
}

/**
 * A LIKE pattern matching `text` anywhere, its own % and _ taken literally (use with ESCAPE '\').
 * @example likeAnywhere('50%') // '%50\\%%'
 */
export function likeAnywhere(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
