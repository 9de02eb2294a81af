// A Reporting API CSV (plain or gzip) to typed, validated records, or a file:line error.
import { ColumnIndex, normalizeColumnName } from './columns';
import { CsvReader, readCsv, readHeader, recordPieces } from './csv-rows';
import { decodeReportBytes } from './decode';
import { detectReportType, foreignDimension } from './detect';
import { FAMILIES, type RecordsByFamily } from './families';
import type { Family } from './families/family';
import { ReportError, ValueError } from './report-error';
import type { FamilyName, ReportType } from './report-types';

interface Parsed<R> {
  readonly rows: R[];
  /** Days covered, sorted (YYYY-MM-DD); empty for snapshot reports. */
  readonly dates: string[];
  /** Physical lines including the header (a final line break adds none). */
  readonly lineCount: number;
}

type ParsedByFamily = {
  [F in FamilyName]: Parsed<RecordsByFamily[F]> & { readonly type: string; readonly family: F };
};
export type ParsedReport = ParsedByFamily[FamilyName];

function checkHeader(fileName: string, line: number, type: ReportType, columns: ColumnIndex): void {
  const missing = columns.firstMissing(type.required);
  if (missing) throw new ReportError(fileName, line, `missing required column ${missing} (${type.id})`);
  const [duplicate] = columns.duplicates;
  if (duplicate) throw new ReportError(fileName, line, `column ${duplicate} appears twice`);
  const foreign = foreignDimension(type, columns.names);
  if (foreign) throw new ReportError(fileName, line, `column ${foreign} is not a dimension of ${type.id}; is this another report?`);
}

export interface ParseOptions {
  /** Run the zod schema on every record of every family (tests, debugging). Default: as the family says. */
  readonly schemaEveryRow?: boolean;
}

/** The per-row reader of a family for one header: typed record out, or a ValueError naming the column. */
function recordReader<R>(family: Family<R>, columns: ColumnIndex, options: ParseOptions): (fields: readonly string[]) => R {
  const read = family.compile(columns);
  const check = options.schemaEveryRow ?? family.schemaEveryRow;
  if (!check) return read;
  return (fields) => {
    const record = read(fields);
    const checked = family.schema.safeParse(record);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      throw new ValueError(`${issue?.path.join('.') || 'row'}: ${issue?.message ?? 'invalid'}`);
    }
    return record;
  };
}

function parseRows<R>(fileName: string, text: string, family: Family<R>, columns: ColumnIndex, options: ParseOptions): Parsed<R> {
  const read = recordReader(family, columns, options);
  const rows: R[] = [];
  const days = new Set<string>();
  const { lineCount } = readCsv(fileName, text, (fields) => {
    const record = read(fields);
    const day = family.dayOf(record);
    if (day !== null) days.add(day);
    rows.push(record);
  });
  return { rows, dates: [...days].sort(), lineCount };
}

async function decode(fileName: string, bytes: Uint8Array): Promise<string> {
  try {
    return await decodeReportBytes(bytes);
  } catch (error) {
    throw new ReportError(fileName, null, error instanceof TypeError ? 'not valid UTF-8 text' : 'not a readable gzip file');
  }
}

/**
 * Parses one downloaded report. Nothing is returned unless every row is valid, so a caller
 * that writes only on success writes nothing for a bad file.
 * @example const report = await parseReport('channel_basic_a3_20260301.csv.gz', bytes)
 */
export async function parseReport(fileName: string, bytes: Uint8Array, options: ParseOptions = {}): Promise<ParsedReport> {
  return parseReportText(fileName, await decode(fileName, bytes), options);
}

/** The file's report type and checked columns, from its first lines. */
function readColumns(fileName: string, head: string): { type: ReportType; columns: ColumnIndex } {
  const header = readHeader(head);
  if (!header) throw new ReportError(fileName, null, 'the file is empty (not even a header line)');
  const names = header.fields.map(normalizeColumnName);
  const { type } = detectReportType(fileName, names, header.line);
  const columns = new ColumnIndex(names, type.aliases);
  checkHeader(fileName, header.line, type, columns);
  return { type, columns };
}

/** parseReport for content already decoded (UTF-8 text without a byte-order mark). */
export function parseReportText(fileName: string, text: string, options: ParseOptions = {}): ParsedReport {
  const { type, columns } = readColumns(fileName, text);
  return parseFamily(type.family, type.id, (family) => parseRows(fileName, text, family, columns, options));
}

/** What streaming a report leaves once every record was visited. */
export interface StreamedReport {
  readonly type: string;
  readonly family: FamilyName;
  readonly rowCount: number;
  /** Days covered, sorted. */
  readonly dates: string[];
  readonly lineCount: number;
}

/**
 * Reads a report of the given family record by record from its decoded chunks, holding one piece of
 * whole records at a time: `visit` gets each record (a ValueError it throws rejects the file at that
 * row's line), `afterPiece` runs after each piece, where a caller may write what it summed so far.
 * `head` is the content's start (the header); a file of another family is a ReportError.
 * @example await streamReport(name, head, decodedChunks(source), 'basic', (row) => sums.add(row), flushDone)
 */
export async function streamReport<F extends FamilyName>(
  fileName: string,
  head: string,
  chunks: AsyncIterable<string>,
  familyName: F,
  visit: (record: RecordsByFamily[F]) => void,
  afterPiece: () => Promise<void>,
): Promise<StreamedReport> {
  const { type, columns } = readColumns(fileName, head);
  if (type.family !== familyName) throw new ReportError(fileName, null, `expected a ${familyName} report, found ${type.id}`);
  const family = FAMILIES[familyName] as Family<RecordsByFamily[F]>;
  const read = recordReader(family, columns, {});
  const days = new Set<string>();
  let rowCount = 0;
  const csv = new CsvReader(fileName, (fields) => {
    const record = read(fields);
    const day = family.dayOf(record);
    if (day !== null) days.add(day);
    rowCount++;
    visit(record);
  });
  for await (const piece of recordPieces(chunks)) {
    csv.feed(piece);
    await afterPiece();
  }
  const { lineCount } = csv.end();
  return { type: type.id, family: type.family, rowCount, dates: [...days].sort(), lineCount };
}

/** One family's records under its name: FAMILIES[family] reads exactly ParsedByFamily[F]'s records. */
function parseFamily<F extends FamilyName>(family: F, type: string, parse: <R>(family: Family<R>) => Parsed<R>): ParsedByFamily[F] {
  // TypeScript does not see the object's type, built from F, as the mapped type at F.
  return { type, family, ...parse(FAMILIES[family]) } as ParsedByFamily[F];
}
