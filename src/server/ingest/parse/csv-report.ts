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

export type ParsedReport = {
  [F in FamilyName]: Parsed<RecordsByFamily[F]> & { readonly type: string; readonly family: F };
}[FamilyName];

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
  const id = type.id;
  const parse = <R>(family: Family<R>) => parseRows(fileName, text, family, columns, options);
  switch (type.family) {
    case 'basic':
      return { type: id, family: 'basic', ...parse(FAMILIES.basic) };
    case 'demographics':
      return { type: id, family: 'demographics', ...parse(FAMILIES.demographics) };
    case 'partner_revenue':
      return { type: id, family: 'partner_revenue', ...parse(FAMILIES.partner_revenue) };
    case 'finance':
      return { type: id, family: 'finance', ...parse(FAMILIES.finance) };
    case 'reach':
      return { type: id, family: 'reach', ...parse(FAMILIES.reach) };
    case 'video_metadata':
      return { type: id, family: 'video_metadata', ...parse(FAMILIES.video_metadata) };
    case 'claims':
      return { type: id, family: 'claims', ...parse(FAMILIES.claims) };
  }
}
