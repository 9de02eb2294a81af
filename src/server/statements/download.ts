// A statement as a file: PDF to file away, xlsx with typed cells, CSV with formula text defused.
import type { Statement } from '../../lib/api/statements';
import { csvResponse, downloadHeaders, xlsxResponse } from '../export/response';

export type StatementFormat = 'pdf' | 'xlsx' | 'csv';

const PDF_CONTENT_TYPE = 'application/pdf';

/**
 * The download of a statement in the format asked for.
 * @example return statementDownload(statement, 'pdf', nowSeconds())
 */
export async function statementDownload(statement: Statement, format: StatementFormat, now: number): Promise<Response> {
  // Loaded when a download is asked for: the PDF writer and its font are the largest code of the worker,
  // and no page needs them.
  const { statementTable } = await import('./downloads/statement-table');
  const table = statementTable(statement);
  if (format === 'csv') return csvResponse(table);
  if (format === 'xlsx') return xlsxResponse(table);
  const { statementPdf } = await import('./downloads/statement-pdf');
  const bytes = await statementPdf(statement, { now });
  const headers = downloadHeaders(PDF_CONTENT_TYPE, table.fileName, 'pdf');
  headers.set('Content-Length', String(bytes.byteLength));
  return new Response(bytes.slice(), { headers });
}
