// Held parts: each record once, each part its ranges of them; a part reads back exactly its head and
// records, across the buffers records are encoded into and with characters of several UTF-8 bytes.
import { describe, expect, it } from 'vitest';
import { decodedText } from '../parse/report-source';
import { HeldParts } from './held-parts';

const HEAD = 'video_id,channel_id,video_title\n';
// About 3 MiB of records (several buffers), some of 2-, 3- and 4-byte characters, a few larger than usual.
const RECORDS = Array.from({ length: 30_000 }, (_, n) => {
  const title = ['Plain', 'Café crème', 'Ünïcödé ✓', 'Emoji 🎬🎵', '"Quoted, with\nline"'][n % 5];
  const padding = n % 997 === 0 ? 'x'.repeat(5_000) : '';
  return `vid${String(n).padStart(8, '0')},UCheldpartsheldpartsheld,${title}${padding}\n`;
});
// Every third record goes to every bucket (as a statement's row of an unknown channel), the rest to one.
const bucketsOf = (n: number) => (n % 3 === 0 ? [0, 1, 2] : [n % 2 === 0 ? 1 : 2]);

describe('HeldParts', () => {
  it('reads each part back as its head and its records, in file order, each record held once', async () => {
    const held = new HeldParts();
    RECORDS.forEach((text, n) => held.add(bucketsOf(n), HEAD, text));
    expect(held.held).toBe(true);
    for (const bucket of [0, 1, 2]) {
      const own = RECORDS.filter((_, n) => bucketsOf(n).includes(bucket));
      const source = held.sourceOf(bucket);
      expect(source).not.toBeNull();
      expect(await decodedText(source!)).toBe(HEAD + own.join(''));
      // A part is read again for every open.
      expect(await decodedText(source!)).toBe(HEAD + own.join(''));
    }
    expect(held.sourceOf(3)).toBeNull();
  });

  it('holds nothing past its budget, counted once per record however many parts carry it', () => {
    const bytes = new TextEncoder().encode(RECORDS.join('')).length;
    // Three parts of about 1.7 times the records' bytes in all: held, since each record is held once.
    const once = new HeldParts(bytes + 2 * 1024 * 1024);
    RECORDS.forEach((text, n) => once.add(bucketsOf(n), HEAD, text));
    expect(once.held).toBe(true);
    const small = new HeldParts(1024 * 1024);
    RECORDS.forEach((text, n) => small.add(bucketsOf(n), HEAD, text));
    expect(small.held).toBe(false);
    expect(small.sourceOf(0)).toBeNull();
  });
});
