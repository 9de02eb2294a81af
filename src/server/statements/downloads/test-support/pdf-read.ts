// Reads back the text a statement PDF draws, page by page in drawing order, as a viewer shows and copies it:
// a standard font's WinAnsi bytes, and the embedded font's glyph ids through its ToUnicode map. It knows only
// the operators pdf-lib writes for drawText (`/Font size Tf`, `<hex> Tj`). Runs in Node and in workerd.
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';

/** WinAnsi's 0x80–0x9F block (cp1252); the rest of its printable bytes are Latin-1's. */
const CP1252_80_9F = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

/** Glyph id (4 hex digits) to text, from a ToUnicode CMap; null for a font without one (a standard font). */
type UnicodeMap = Map<string, string> | null;

function latin1(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += String.fromCharCode(byte);
  return out;
}

function streamText(stream: unknown): string {
  return stream instanceof PDFRawStream ? latin1(decodePDFRawStream(stream).decode()) : '';
}

function unicodeMap(doc: PDFDocument, font: PDFDict): UnicodeMap {
  const toUnicode = font.get(PDFName.of('ToUnicode'));
  if (!toUnicode) return null;
  const map = new Map<string, string>();
  for (const [, glyph = '', hex = ''] of streamText(doc.context.lookup(toUnicode)).matchAll(/<([0-9A-Fa-f]{4})> <([0-9A-Fa-f]+)>/g)) {
    map.set(glyph.toUpperCase(), String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16))));
  }
  return map;
}

function decode(hex: string, map: UnicodeMap): string {
  if (map === null) {
    const codes = (hex.match(/../g) ?? []).map((byte) => parseInt(byte, 16));
    return codes.map((code) => (code >= 0x80 && code <= 0x9f ? CP1252_80_9F[code - 0x80] : String.fromCharCode(code))).join('');
  }
  return (hex.match(/.{4}/g) ?? []).map((glyph) => map.get(glyph.toUpperCase()) ?? '\uFFFD').join('');
}

/**
 * Each page's drawn strings, in drawing order.
 * @example (await pdfPageTexts(bytes))[0] // ['Viewdeck · Revenue-share statement', 'Network: Acme Networks', …]
 */
export async function pdfPageTexts(bytes: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(bytes);
  const maps = new Map<string, UnicodeMap>();
  return doc.getPages().map((page) => {
    const fonts = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    const content = streams.map(streamText).join('\n');
    const texts: string[] = [];
    let map: UnicodeMap = null;
    for (const [, fontName, hex] of content.matchAll(/\/([^\s/]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g)) {
      if (hex !== undefined) texts.push(decode(hex, map));
      else if (fontName !== undefined && fonts) {
        const ref = fonts.get(PDFName.of(fontName));
        const key = ref instanceof PDFRef ? ref.toString() : fontName;
        if (!maps.has(key)) maps.set(key, unicodeMap(doc, doc.context.lookup(ref, PDFDict)));
        map = maps.get(key) ?? null;
      }
    }
    return texts;
  });
}
