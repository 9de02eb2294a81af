// Text as the PDF's standard fonts can draw it. Helvetica encodes WinAnsi (Latin-1 and a few more): a
// character outside it would make pdf-lib throw, so it becomes '?' (the channel's YouTube id stays beside
// the title, which names it exactly); control characters go.

/** Characters WinAnsi has beyond Latin-1's printable range (cp1252's 0x80–0x9F block). */
const CP1252_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const drawable = (ch: string): boolean => {
  const code = ch.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(ch);
};

/**
 * The text with every character Helvetica cannot draw replaced by '?', controls dropped, cut to `max`.
 * @example pdfText('Café 東京\n') // 'Café ??'
 */
export function pdfText(text: string, max = 200): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    out += drawable(ch) ? ch : '?';
  }
  return out.length > max ? `${out.slice(0, max - 1)}…` : out;
}
