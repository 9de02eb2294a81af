// Text for HTML built as one string: the five characters that could end a text or an attribute.

const ENTITIES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Escapes text for an element body or a quoted attribute.
 * @example escapeHtml('Tom & "Jerry"') // 'Tom &amp; &quot;Jerry&quot;'
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
}
