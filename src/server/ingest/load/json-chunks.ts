// Rows as JSON array texts under D1's value limit, one bound parameter per statement (json_each(?1)).

/** Each bound JSON text stays under 1 MB (D1 takes values up to 2 MB; the statement cache stays small). */
export const MAX_JSON_BYTES = 900_000;

/** UTF-8 length of a string without encoding it: titles may hold multi-byte characters. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    // A surrogate pair is one 4-byte character: 2 bytes for each half.
    else if (c >= 0xd800 && c <= 0xdfff) bytes += 2;
    else bytes += 3;
  }
  return bytes;
}

/**
 * Joins serialised JSON values (`JSON.stringify(row)`) into JSON array texts of at most maxBytes.
 * @example jsonChunks(rows.map((r) => JSON.stringify(r))) // ['[[...],[...]]', ...]
 */
export function jsonChunks(values: readonly string[], maxBytes = MAX_JSON_BYTES): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let size = 2;
  for (const value of values) {
    const length = utf8Length(value) + 1;
    if (current.length > 0 && size + length > maxBytes) {
      chunks.push(`[${current.join(',')}]`);
      current = [];
      size = 2;
    }
    current.push(value);
    size += length;
  }
  if (current.length > 0) chunks.push(`[${current.join(',')}]`);
  return chunks;
}

/**
 * One prepared statement per chunk of `values`: the chunk binds ?1, `params` bind ?2, ?3 ...
 * No statement when there are no values.
 */
export function chunkStatements(db: D1Database, sql: string, values: readonly string[], ...params: unknown[]): D1PreparedStatement[] {
  const chunks = jsonChunks(values);
  if (chunks.length === 0) return [];
  // One prepared statement bound per chunk (each prepare is a round trip through a platform proxy).
  const prepared = db.prepare(sql);
  return chunks.map((chunk) => prepared.bind(chunk, ...params));
}
