// Splits plain mail text into text and link parts, so the outbox page can make links clickable.

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

// Stops at whitespace and at brackets or quotes that usually wrap a link in prose.
const URL_PATTERN = /https?:\/\/[^\s<>"')\]]+/g;
// A full stop or comma right after a link ends the sentence, not the link.
const TRAILING_PUNCTUATION = /[.,;:!?]+$/;

/**
 * @example linkify('Open https://x.example/a?key=1.') // text 'Open ', link, text '.'
 */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const href = match[0].replace(TRAILING_PUNCTUATION, '');
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
