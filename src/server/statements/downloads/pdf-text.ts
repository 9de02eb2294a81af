// Text as a PDF font can draw it. A character the font has no glyph for would make pdf-lib throw (a
// standard font, which encodes only WinAnsi) or draw an empty box (the embedded DejaVu Sans subset has no CJK,
// Hebrew, Arabic or emoji): it becomes a visible '?' (the xlsx and CSV keep the title in full); control
// characters go, and so do the invisible ones that steer other text.
import type { PDFFont } from 'pdf-lib';

/** Whether a font draws a character. */
export type Drawable = (ch: string) => boolean;

/** Characters WinAnsi has beyond Latin-1's printable range (cp1252's 0x80–0x9F block). */
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Format characters (bidi marks and overrides, zero-width spaces and joiners, the BOM): the embedded font
 * has glyphs for some, and U+202E would reverse a viewer's copy of the line. Latin-1's soft hyphen stays.
 */
const INVISIBLE = /^\p{Cf}$/u;

/** What Helvetica and the other standard fonts draw: WinAnsi. */
export const winAnsi: Drawable = (ch) => {
  const code = ch.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(ch);
};

/**
 * What an embedded font draws: the characters its cmap maps to a glyph.
 * @example pdfText(title, glyphsOf(font))
 */
export function glyphsOf(font: PDFFont): Drawable {
  const codes = new Set(font.getCharacterSet());
  return (ch) => codes.has(ch.codePointAt(0) ?? -1);
}

/**
 * The text with every character the font cannot draw replaced by '?' (WinAnsi unless `drawable` says
 * otherwise), controls dropped, cut to `max`.
 * @example pdfText('Café 東京\n') // 'Café ??'
 * @example pdfText('Кино 東京', glyphsOf(dejaVuSans)) // 'Кино ??'
 */
export function pdfText(text: string, drawable: Drawable = winAnsi, max = 200): string {
  let out = '';
  // Composed first: a title typed as 'e' + U+0301 draws as the font's 'é' (pdf-lib positions no marks).
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0) || (code > 0xff && INVISIBLE.test(ch))) continue;
    out += drawable(ch) ? ch : '?';
  }
  return out.length > max ? `${out.slice(0, max - 1)}…` : out;
}
