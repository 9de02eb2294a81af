// Reads an xlsx's cells straight from its XML: each cell's number format and boldness, which
// read-excel-file does not give, and the raw values where read-excel-file cannot run (workerd: its
// unzip starts a worker thread).
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

/**
 * Every written cell's raw value by address: shared strings resolved, numbers as numbers (a date is
 * its serial day number, as Excel stores it).
 *
 * @example
 * xlsxCellValues(bytes).get('A1') // 'Earnings by channel'
 */
export function xlsxCellValues(bytes: Uint8Array): Map<string, string | number> {
  const files = unzipSync(bytes);
  const shared = [...text(files, 'xl/sharedStrings.xml').matchAll(/<si><t[^>]*>([\s\S]*?)<\/t><\/si>/g)].map(([, value]) =>
    unescapeXml(value ?? ''),
  );
  const values = new Map<string, string | number>();
  const sheet = text(files, 'xl/worksheets/sheet1.xml');
  for (const [, address, attributes, value] of sheet.matchAll(/<c r="([A-Z]+\d+)"([^>]*)><v>([^<]*)<\/v><\/c>/g)) {
    const isShared = /t="s"/.test(attributes ?? '');
    values.set(address ?? '', isShared ? (shared[Number(value)] ?? '') : Number(value));
  }
  return values;
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
