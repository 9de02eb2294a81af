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

export interface CsvSummary {
  readonly linebreak: string;
  readonly lineCount: number;
}

/**
 * Reads CSV text given in pieces, each ending at a record boundary (see recordPieces), keeping the
 * header width, the title-line check and the physical line count across pieces, so a file parsed
 * piece by piece gives the same rows and the same file:line errors as one parsed whole.
 * @example const csv = new CsvReader(name, visit); for (const piece of pieces) csv.feed(piece); csv.end()
 */
export class CsvReader {
  private linebreak = '\n';
  private width = -1;
  private first: { fields: string[]; at: number; lines: number; piece: string } | null = null;
  /** Physical lines before the current piece. */
  private linesBefore = 0;
  private lastPiece = '';

  constructor(
    private readonly fileName: string,
    private readonly visitRow: RowVisitor,
  ) {}

  private fail(piece: string, linesBefore: number, at: number, reason: string): never {
    throw new ReportError(this.fileName, linesBefore + lineAt(piece, at, this.linebreak), reason);
  }

  private visit(fields: string[], piece: string, linesBefore: number, at: number): void {
    if (this.width < 0) {
      this.width = fields.length;
      return;
    }
    if (fields.length !== this.width) this.fail(piece, linesBefore, at, `expected ${this.width} fields, found ${fields.length}`);
    try {
      this.visitRow(fields);
    } catch (error) {
      if (error instanceof ValueError) this.fail(piece, linesBefore, at, error.message);
      throw error;
    }
  }

  /** Parses one piece: whole records only. */
  feed(piece: string): void {
    if (piece === '') return;
    const linesBefore = this.linesBefore;
    let start = 0;
    Papa.parse<string[]>(piece, {
      delimiter: DELIMITER,
      skipEmptyLines: true,
      step: (result) => {
        this.linebreak = result.meta.linebreak || this.linebreak;
        const at = start;
        start = result.meta.cursor;
        const problem = result.errors[0];
        if (problem) this.fail(piece, linesBefore, at, `malformed CSV: ${problem.message}`);
        const first = this.first;
        if (this.width < 0 && first === null && result.data.length === 1) {
          this.first = { fields: result.data, at, lines: linesBefore, piece };
          return;
        }
        if (first !== null) {
          this.first = null;
          if (result.data.length === 1) this.visit(first.fields, first.piece, first.lines, first.at);
        }
        this.visit(result.data, piece, linesBefore, at);
      },
    });
    this.linesBefore += countBreaks(piece, this.linebreak);
    this.lastPiece = piece;
  }

  /** Ends the file: a lone first line was a one-column file's header after all. */
  end(): CsvSummary {
    const first = this.first;
    if (first !== null) {
      this.first = null;
      this.visit(first.fields, first.piece, first.lines, first.at);
    }
    const lineCount = this.lastPiece === '' || this.lastPiece.endsWith(this.linebreak) ? this.linesBefore : this.linesBefore + 1;
    return { linebreak: this.linebreak, lineCount };
  }
}

function countBreaks(text: string, linebreak: string): number {
  let breaks = 0;
  for (let at = text.indexOf(linebreak); at >= 0; at = text.indexOf(linebreak, at + linebreak.length)) breaks++;
  return breaks;
}

/**
 * Streams the data rows of `text` (header skipped: see readHeader) to `visitRow`. A first line
 * with a single field above a wider one (Studio's title line) is skipped too. Every row must
 * have as many fields as the header.
 */
export function readCsv(fileName: string, text: string, visitRow: RowVisitor): CsvSummary {
  const reader = new CsvReader(fileName, visitRow);
  reader.feed(text);
  return reader.end();
}

const QUOTE = '"';
const LINE_FEED = '\n';

/**
 * Cuts text arriving in arbitrary chunks into pieces that end at a line feed outside quotes (a title
 * may hold a line break inside its quotes), so each piece holds whole records. A quote is escaped by
 * doubling it, so the parity of the quotes seen tells whether a line feed is inside a field.
 */
export async function* recordPieces(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let pending = '';
  let quoted = false;
  for await (const chunk of chunks) {
    let cut = -1;
    if (!quoted && !chunk.includes(QUOTE)) {
      cut = chunk.lastIndexOf(LINE_FEED);
    } else {
      for (let i = 0; i < chunk.length; i++) {
        const c = chunk.charCodeAt(i);
        if (c === 0x22) quoted = !quoted;
        else if (c === 0x0a && !quoted) cut = i;
      }
    }
    if (cut < 0) {
      pending += chunk;
      continue;
    }
    yield pending + chunk.slice(0, cut + 1);
    pending = chunk.slice(cut + 1);
  }
  if (pending !== '') yield pending;
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
