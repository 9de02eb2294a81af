// A Reporting API CSV (plain or gzip) to typed, validated records, or a file:line error.
import { ColumnIndex, normalizeColumnName } from './columns';
import { readCsv, readHeader } from './csv-rows';
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

function parseRows<R>(fileName: string, text: string, family: Family<R>, columns: ColumnIndex, options: ParseOptions): Parsed<R> {
  const read = family.compile(columns);
  const check = options.schemaEveryRow ?? family.schemaEveryRow;
  const rows: R[] = [];
  const days = new Set<string>();
  const { lineCount } = readCsv(fileName, text, (fields) => {
    const record = read(fields);
    if (check) {
      const checked = family.schema.safeParse(record);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        throw new ValueError(`${issue?.path.join('.') || 'row'}: ${issue?.message ?? 'invalid'}`);
      }
    }
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

/** parseReport for content already decoded (UTF-8 text without a byte-order mark). */
export function parseReportText(fileName: string, text: string, options: ParseOptions = {}): ParsedReport {
  const header = readHeader(text);
  if (!header) throw new ReportError(fileName, null, 'the file is empty (not even a header line)');
  const names = header.fields.map(normalizeColumnName);
  const { type } = detectReportType(fileName, names, header.line);
  const columns = new ColumnIndex(names, type.aliases);
  checkHeader(fileName, header.line, type, columns);
  return parseFamily(type.family, type.id, (family) => parseRows(fileName, text, family, columns, options));
}

/** One family's records under its name: FAMILIES[family] reads exactly ParsedByFamily[F]'s records. */
function parseFamily<F extends FamilyName>(family: F, type: string, parse: <R>(family: Family<R>) => Parsed<R>): ParsedByFamily[F] {
  // TypeScript does not see the object's type, built from F, as the mapped type at F.
  return { type, family, ...parse(FAMILIES[family]) } as ParsedByFamily[F];
}
