// Reads what read-excel-file does not: each cell's number format and boldness, straight from the
// workbook's XML (styles.xml and the sheet), so the tests can check the formats the writer applied.
import { strFromU8, unzipSync } from 'fflate';

export interface CellStyle {
  /** The number format's code ('$#,##0.00'), or null for General. */
  format: string | null;
  bold: boolean;
}

/**
 * Every written cell's style by address ('B5'), from the first sheet.
 *
 * @example
 * xlsxCellStyles(bytes).get('D5') // { format: '$#,##0.00', bold: false }
 */
export function xlsxCellStyles(bytes: Uint8Array): Map<string, CellStyle> {
  const files = unzipSync(bytes);
  const styles = text(files, 'xl/styles.xml');
  const sheet = text(files, 'xl/worksheets/sheet1.xml');

  const formats = new Map<string, string>();
  for (const [, id, code] of styles.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"/g)) {
    formats.set(id ?? '', unescapeXml(code ?? ''));
  }
  const fonts = [...(styles.match(/<fonts[^>]*>([\s\S]*?)<\/fonts>/)?.[1] ?? '').matchAll(/<font>([\s\S]*?)<\/font>/g)];
  const boldFonts = fonts.map(([, inner]) => /<b\/>/.test(inner ?? ''));
  const xfs = [...(styles.match(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/)?.[1] ?? '').matchAll(/<xf([^>]*)>/g)].map(([, attributes]) => {
    const format = attributes?.match(/numFmtId="(\d+)"/)?.[1];
    const font = Number(attributes?.match(/fontId="(\d+)"/)?.[1] ?? 0);
    return { format: format ? (formats.get(format) ?? null) : null, bold: boldFonts[font] ?? false };
  });

  const cells = new Map<string, CellStyle>();
  for (const [, address, attributes] of sheet.matchAll(/<c r="([A-Z]+\d+)"([^>]*)>/g)) {
    const style = Number(attributes?.match(/s="(\d+)"/)?.[1] ?? 0);
    cells.set(address ?? '', xfs[style] ?? { format: null, bold: false });
  }
  return cells;
}

/** The sheet's row elements: how many rows the file holds, empty ones included. */
export function xlsxRowCount(bytes: Uint8Array): number {
  return text(unzipSync(bytes), 'xl/worksheets/sheet1.xml').match(/<row /g)?.length ?? 0;
}

function text(files: Record<string, Uint8Array>, name: string): string {
  const file = files[name];
  if (!file) throw new Error(`the workbook has no ${name}`);
  return strFromU8(file);
}

function unescapeXml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
