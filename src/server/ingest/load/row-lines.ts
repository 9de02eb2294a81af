// Errors about a parsed record, placed at its physical line when the file's layout allows it.
import { ReportError } from '../parse';

interface ParsedShape {
  readonly rows: readonly unknown[];
  readonly lineCount: number;
}

// A header, or Studio's title line above a header.
const MAX_HEADER_LINES = 2;

/**
 * The physical line of data row `index`, or null when it cannot be known without re-reading the file:
 * only when every line past the header is one record (no quoted line breaks, no blank lines).
 */
export function lineOfRow(report: ParsedShape, index: number): number | null {
  const headerLines = report.lineCount - report.rows.length;
  return headerLines >= 1 && headerLines <= MAX_HEADER_LINES ? headerLines + index + 1 : null;
}

/** A ReportError for data row `index`: 'name:line: reason', or 'name: data row N: reason'. */
export function rowError(fileName: string, report: ParsedShape, index: number, reason: string): ReportError {
  const line = lineOfRow(report, index);
  return line === null ? new ReportError(fileName, null, `data row ${index + 1}: ${reason}`) : new ReportError(fileName, line, reason);
}

/**
 * Checks one text field of every record with `valid`, each distinct value once, and throws a row
 * error at the first record that fails.
 */
export function checkField<R>(
  fileName: string,
  report: ParsedShape & { readonly rows: readonly R[] },
  field: (row: R) => string | null,
  valid: (value: string) => boolean,
  describe: (value: string) => string,
): void {
  const good = new Set<string>();
  for (let index = 0; index < report.rows.length; index++) {
    const row = report.rows[index] as R;
    const value = field(row);
    if (value === null || good.has(value)) continue;
    if (!valid(value)) throw rowError(fileName, report, index, describe(value));
    good.add(value);
  }
}
