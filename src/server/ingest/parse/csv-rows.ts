// papaparse, row by row, with every problem reported as file:line (physical line, header = 1).
import Papa from 'papaparse';
import { ReportError, ValueError } from './report-error';

// Enough for a title line and a header of a few hundred columns.
const HEADER_PEEK_CHARS = 64 * 1024;
// YouTube writes commas; papaparse's delimiter guessing could pick ';' or '|' from a title.
const DELIMITER = ',';

/** Receives each data row; throws a ValueError to reject the file at that row. */
export type RowVisitor = (fields: readonly string[]) => void;

/** Physical line of a character offset; quoted newlines inside titles count as lines. */
export function lineAt(text: string, offset: number, linebreak: string): number {
  let start = offset;
  // A row starts after its predecessor's line break and any skipped empty lines.
  while (start < text.length && (text[start] === '\n' || text[start] === '\r')) start++;
  let line = 1;
  for (let at = text.indexOf(linebreak); at >= 0 && at < start; at = text.indexOf(linebreak, at + linebreak.length)) {
    line++;
  }
  return line;
}

/** Number of physical lines; a final line break does not start another line. */
export function countLines(text: string, linebreak: string): number {
  if (text === '') return 0;
  let breaks = 0;
  for (let at = text.indexOf(linebreak); at >= 0; at = text.indexOf(linebreak, at + linebreak.length)) breaks++;
  return text.endsWith(linebreak) ? breaks : breaks + 1;
}

export interface CsvSummary {
  readonly linebreak: string;
  readonly lineCount: number;
}

/**
 * Streams the data rows of `text` (header skipped: see readHeader) to `visitRow`. A first line
 * with a single field above a wider one (Studio's title line) is skipped too. Every row must
 * have as many fields as the header.
 */
export function readCsv(fileName: string, text: string, visitRow: RowVisitor): CsvSummary {
  const state = { linebreak: '\n', start: 0, width: -1, first: null as { fields: string[]; at: number } | null };
  const fail = (at: number, reason: string): never => {
    throw new ReportError(fileName, lineAt(text, at, state.linebreak), reason);
  };
  const visit = (fields: string[], at: number) => {
    if (state.width < 0) {
      state.width = fields.length;
      return;
    }
    if (fields.length !== state.width) fail(at, `expected ${state.width} fields, found ${fields.length}`);
    try {
      visitRow(fields);
    } catch (error) {
      if (error instanceof ValueError) fail(at, error.message);
      throw error;
    }
  };
  Papa.parse<string[]>(text, {
    delimiter: DELIMITER,
    skipEmptyLines: true,
    step(result) {
      state.linebreak = result.meta.linebreak || state.linebreak;
      const at = state.start;
      state.start = result.meta.cursor;
      const problem = result.errors[0];
      if (problem) fail(at, `malformed CSV: ${problem.message}`);
      const first = state.first;
      if (state.width < 0 && first === null && result.data.length === 1) {
        state.first = { fields: result.data, at };
        return;
      }
      if (first !== null) {
        state.first = null;
        if (result.data.length === 1) visit(first.fields, first.at);
      }
      visit(result.data, at);
    },
  });
  if (state.first !== null) visit(state.first.fields, state.first.at);
  return { linebreak: state.linebreak, lineCount: countLines(text, state.linebreak) };
}

/** The header fields and their line (2 after a Studio title line), without parsing the whole file. */
export function readHeader(text: string): { fields: string[]; line: number } | null {
  // Only the head of the file: papaparse's fast path splits its whole input into lines first.
  const head = text.slice(0, HEADER_PEEK_CHARS);
  const [first, second] = Papa.parse<string[]>(head, { delimiter: DELIMITER, preview: 2, skipEmptyLines: true }).data;
  if (!first) return null;
  if (first.length === 1 && second && second.length > 1) return { fields: second, line: lineAt(text, text.indexOf('\n') + 1, '\n') };
  return { fields: first, line: lineAt(text, 0, '\n') };
}
