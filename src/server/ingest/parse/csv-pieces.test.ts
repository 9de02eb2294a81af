// A CSV read piece by piece gives the rows, line count and file:line errors of the same text read whole.
import { describe, expect, it } from 'vitest';
import { CsvReader, readCsv, recordPieces } from './csv-rows';
import { ReportError, ValueError } from './report-error';

const NAME = 'x.csv';

async function* chunksOf(text: string, size: number): AsyncGenerator<string> {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}

/** Rows (or the error message) reading `text` whole, and in pieces cut from chunks of `size`. */
async function both(text: string, size: number, visit: (fields: readonly string[]) => void = () => undefined) {
  const read = async (run: (collect: (fields: readonly string[]) => void) => Promise<number> | number) => {
    const rows: string[][] = [];
    try {
      const lineCount = await run((fields) => {
        visit(fields);
        rows.push([...fields]);
      });
      return { rows, lineCount };
    } catch (error) {
      if (error instanceof ReportError) return { error: error.message };
      throw error;
    }
  };
  const whole = await read((collect) => readCsv(NAME, text, collect).lineCount);
  const pieces = await read(async (collect) => {
    const csv = new CsvReader(NAME, collect);
    const seen: string[] = [];
    for await (const piece of recordPieces(chunksOf(text, size))) {
      seen.push(piece);
      csv.feed(piece);
    }
    expect(seen.join('')).toBe(text);
    return csv.end().lineCount;
  });
  return { whole, pieces };
}

const TEXT = [
  'Report title',
  'date,title,views',
  '20260301,"a title, with a comma",1',
  '20260301,"two\nlines ""quoted""",2',
  '',
  '20260302,plain,3',
].join('\n');

describe('CsvReader over recordPieces', () => {
  it('reads the same rows and line count as readCsv, whatever the chunk size', async () => {
    for (const size of [1, 2, 3, 7, 16, 1000]) {
      const { whole, pieces } = await both(TEXT, size);
      expect(pieces).toEqual(whole);
      expect(whole).toMatchObject({ lineCount: 7 });
      expect(whole.rows).toHaveLength(3);
    }
  });

  it('places a bad value at its physical line, after quoted line breaks, in every cut', async () => {
    const reject = (fields: readonly string[]) => {
      if (fields[2] === '3') throw new ValueError('column views: "3" is not allowed here');
    };
    for (const size of [1, 5, 11, 1000]) {
      const { whole, pieces } = await both(`${TEXT}\r\n`.replaceAll('\n', '\r\n').replaceAll('\r\r', '\r'), size, reject);
      expect(pieces).toEqual(whole);
      expect(whole).toEqual({ error: 'x.csv:7: column views: "3" is not allowed here' });
    }
  });

  it('reports a short row at its line in every cut', async () => {
    const text = 'date,title,views\n20260301,a,1\n20260302,b\n';
    for (const size of [1, 4, 1000]) {
      const { whole, pieces } = await both(text, size);
      expect(pieces).toEqual(whole);
      expect(whole).toEqual({ error: 'x.csv:3: expected 3 fields, found 2' });
    }
  });
});
