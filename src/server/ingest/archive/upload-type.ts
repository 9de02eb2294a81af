// The report type of an archived upload before its first load records it (the sync's files carry YouTube's):
// recognised from its name or header as the importer would, so a large basic or revenue upload loads in pieces.
import { detectReportType, ReportError } from '../parse';
import type { ArchivedFile } from './records';

/** Bytes read for the header line: YouTube's widest header is well under 2 KiB. */
const HEADER_BYTES = 16 * 1024;

/** The header's column names: the first line, its BOM and quotes taken off. */
function headerColumns(text: string): string[] {
  const line = text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  return line.split(',').map((c) => c.trim().replace(/^"(.*)"$/, '$1'));
}

/**
 * The file with its report type filled in when it had none; a file the importer will not recognise keeps
 * none (it loads whole, and the load rejects it with the reason).
 * @example const typed = await withReportType(env.REPORTS, file)
 */
export async function withReportType(bucket: R2Bucket, file: ArchivedFile): Promise<ArchivedFile> {
  if (file.reportTypeId !== null) return file;
  const head = await bucket.get(file.objectKey, { range: { offset: 0, length: HEADER_BYTES } });
  if (!head) return file;
  try {
    return { ...file, reportTypeId: detectReportType(file.name, headerColumns(await head.text())).type.id };
  } catch (error) {
    if (error instanceof ReportError) return file;
    throw error;
  }
}
