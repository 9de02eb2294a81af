// A statement as a PDF a partner files: a header, the ledger, every line (paginated, the column header on
// each page, "Page k of n"), the payouts and the rounding rule. pdf-lib draws it: text in an embedded subset
// of DejaVu Sans (pdf-font.ts), so titles in Latin, Greek and Cyrillic read as written; a character it has
// no glyph for (CJK, emoji …) is drawn as '?' (pdf-text.ts). Bold labels and figures stay in Helvetica.
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { REVENUE_KIND_LABELS, type Statement } from '../../../lib/api/statements';
import { exactUsd, sharePercent, usd } from '../../../lib/statements/money-text';
import { STATUS_LABELS } from '../../../lib/statements/status-text';
import { getStatementFont } from './pdf-font';
import { type Drawable, glyphsOf, pdfText } from './pdf-text';

const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const MARGIN = 40;
const LINE = 13;
const SIZE = 8.5;
const GREY = rgb(0.4, 0.4, 0.4);
/** The embedded font's name: a subset's, tagged (six capitals and '+') as the PDF format asks of one. */
const FONT_NAME = 'VDECKA+DejaVuSans';
/** Columns of the lines table: x position and whether right-aligned (right edge then). */
const COLUMNS = [
  { header: 'Channel', x: MARGIN, right: false, width: 170 },
  { header: 'YouTube id', x: 215, right: false, width: 110 },
  { header: 'Revenue', x: 330, right: false, width: 80 },
  { header: 'Of month', x: 400, right: false, width: 45 },
  { header: 'Gross', x: 490, right: true, width: 0 },
  { header: 'Share', x: 520, right: true, width: 0 },
  { header: 'Amount', x: PAGE.width - MARGIN, right: true, width: 0 },
] as const;

interface Pen {
  doc: PDFDocument;
  page: PDFPage;
  y: number;
  font: PDFFont;
  bold: PDFFont;
  /** What `font` draws; `bold` (Helvetica) draws WinAnsi. */
  drawable: Drawable;
  /** Each character's width in `font` at size 1, measured once. */
  widths: Map<string, number>;
}

/**
 * A text's width. In the embedded font, the sum of its characters' widths: fontkit would lay out every text
 * anew (a cmap lookup per character; cutting the ids to their column measures each several times), and the
 * subset has no kerning to lose. Helvetica's widths are pdf-lib's own, kerning pairs included.
 */
function widthOf(pen: Pen, font: PDFFont, value: string, size: number): number {
  if (font !== pen.font) return font.widthOfTextAtSize(value, size);
  let width = 0;
  for (const ch of value) {
    let one = pen.widths.get(ch);
    if (one === undefined) pen.widths.set(ch, (one = font.widthOfTextAtSize(ch, 1)));
    width += one;
  }
  return width * size;
}

function text(
  pen: Pen,
  value: string,
  x: number,
  opts: { right?: boolean; bold?: boolean; size?: number; width?: number; color?: ReturnType<typeof rgb> } = {},
) {
  const font = opts.bold ? pen.bold : pen.font;
  const size = opts.size ?? SIZE;
  let shown = opts.bold ? pdfText(value) : pdfText(value, pen.drawable);
  // Cut to the column's width, so a long title never runs into the next column.
  if (opts.width) while (shown.length > 1 && widthOf(pen, font, shown, size) > opts.width) shown = `${shown.slice(0, -2)}…`;
  const at = opts.right ? x - widthOf(pen, font, shown, size) : x;
  pen.page.drawText(shown, { x: at, y: pen.y, size, font, color: opts.color ?? rgb(0, 0, 0) });
}

function newPage(pen: Pen): void {
  pen.page = pen.doc.addPage([PAGE.width, PAGE.height]);
  pen.y = PAGE.height - MARGIN;
}

function linesHeader(pen: Pen): void {
  for (const c of COLUMNS) text(pen, c.header, c.x, { right: c.right, bold: true });
  pen.y -= LINE;
}

/** Room for `rows` more rows, else a new page (with the lines' header when `header`). */
function ensure(pen: Pen, rows: number, header: boolean): void {
  if (pen.y - rows * LINE > MARGIN + LINE) return;
  newPage(pen);
  if (header) linesHeader(pen);
}

function ledger(pen: Pen, s: Statement): void {
  const rows: Array<[string, number]> = [
    ['YouTube gross', s.gross_micros],
    ['Your share this month', s.partner_micros],
    ['Carried over from before', s.opening_micros],
    ['Owed', s.owed_micros],
    ['Paid', s.paid_micros],
    ['Balance', s.balance_micros],
  ];
  for (const [label, micros] of rows) {
    text(pen, label, MARGIN);
    text(pen, exactUsd(micros), 300, { right: true, bold: label === 'Owed' || label === 'Balance' });
    pen.y -= LINE;
  }
}

/**
 * The statement's PDF. Dates in it come from the statement (or `now`), never the clock, so two renders
 * of one statement are the same bytes.
 * @example const bytes = await statementPdf(statement, { now: 1_764_000_000 })
 */
export async function statementPdf(s: Statement, options: { now?: number } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const font = await doc.embedFont(getStatementFont(), { subset: true, customName: FONT_NAME });
  const drawable = glyphsOf(font);
  const when = new Date((s.approved_at ?? options.now ?? 0) * 1000);
  doc.setTitle(pdfText(`Statement ${s.month} · ${s.network.name}`, drawable));
  doc.setAuthor(pdfText(s.network.name, drawable));
  doc.setProducer('Viewdeck');
  doc.setCreator('Viewdeck');
  doc.setCreationDate(when);
  doc.setModificationDate(when);
  const pen: Pen = {
    doc,
    page: doc.addPage([PAGE.width, PAGE.height]),
    y: PAGE.height - MARGIN,
    font,
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    drawable,
    widths: new Map(),
  };
  text(pen, 'Viewdeck · Revenue-share statement', MARGIN, { bold: true, size: 14 });
  pen.y -= LINE * 1.8;
  const who = s.user.user_name ? `${s.user.user_name} <${s.user.email}>` : s.user.email;
  for (const line of [
    `Network: ${s.network.name}`,
    `Partner: ${who}`,
    `Month: ${s.month}`,
    `Status: ${STATUS_LABELS[s.status]}${s.approved_at ? ` (approved ${when.toISOString().slice(0, 10)})` : ''}`,
  ]) {
    text(pen, line, MARGIN);
    pen.y -= LINE;
  }
  if (s.status === 'estimate') {
    text(pen, "Estimate: YouTube's finance for this month is not final; these figures will change.", MARGIN, { bold: true });
    pen.y -= LINE;
  }
  pen.y -= LINE / 2;
  ledger(pen, s);
  pen.y -= LINE;
  text(pen, `Lines (${s.lines.length})`, MARGIN, { bold: true, size: 11 });
  pen.y -= LINE * 1.4;
  linesHeader(pen);
  for (const l of s.lines) {
    ensure(pen, 1, true);
    const [channel, id, kind, month, gross, share, amount] = COLUMNS;
    text(pen, l.channel_title, channel.x, { width: channel.width });
    text(pen, l.youtube_id ?? 'UGC', id.x, { width: id.width, color: GREY });
    text(pen, REVENUE_KIND_LABELS[l.kind], kind.x, { width: kind.width });
    text(pen, l.source_month === s.month ? l.source_month : `${l.source_month}*`, month.x);
    text(pen, usd(l.gross_micros), gross.x, { right: true });
    text(pen, sharePercent(l.share_bps), share.x, { right: true });
    text(pen, usd(l.partner_micros), amount.x, { right: true });
    pen.y -= LINE;
  }
  ensure(pen, 2, false);
  text(pen, 'Total', MARGIN, { bold: true });
  text(pen, exactUsd(s.gross_micros), COLUMNS[4].x, { right: true, bold: true });
  text(pen, exactUsd(s.partner_micros), COLUMNS[6].x, { right: true, bold: true });
  pen.y -= LINE * 1.5;
  if (s.payouts.length > 0) {
    ensure(pen, s.payouts.length + 2, false);
    text(pen, 'Payouts', MARGIN, { bold: true, size: 11 });
    pen.y -= LINE * 1.4;
    for (const p of s.payouts) {
      ensure(pen, 1, false);
      text(pen, `${p.paid_on}  ${p.method.replace('_', ' ')}${p.reference ? `  ref. ${p.reference}` : ''}`, MARGIN, { width: 380 });
      text(pen, exactUsd(p.amount_micros), COLUMNS[6].x, { right: true });
      pen.y -= LINE;
    }
    pen.y -= LINE / 2;
  }
  ensure(pen, 3, false);
  for (const note of [
    "Each line's amount is the gross × share, rounded down to the micro-dollar; the remainder stays with the network.",
    'Lines show dollars and cents; totals, the ledger and payouts are exact to the micro-dollar. * = a correction of an earlier month.',
  ]) {
    text(pen, note, MARGIN, { color: GREY, size: 7.5 });
    pen.y -= LINE;
  }
  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const label = `Page ${i + 1} of ${pages.length}`;
    page.drawText(label, {
      x: PAGE.width - MARGIN - pen.font.widthOfTextAtSize(label, 7.5),
      y: MARGIN / 2,
      size: 7.5,
      font: pen.font,
      color: GREY,
    });
  });
  return doc.save({ useObjectStreams: true });
}
