// Test support: a naive split-on-commas CSV reader, so expectations do not come from the code under test.

export interface RawTable {
  header: string[];
  rows: string[][];
  /** Values of one column, by name. */
  column(name: string): string[];
  /** Sum of a numeric column with plain Number(). */
  sum(name: string): number;
  /** Sum of `value` grouped by the text of `by`. */
  sumBy(by: string, value: string): Map<string, number>;
}

const unquote = (field: string) => (field.startsWith('"') && field.endsWith('"') ? field.slice(1, -1).replaceAll('""', '"') : field);

export function readRawCsv(text: string): RawTable {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line !== '');
  const [head = '', ...body] = lines;
  const header = head.split(',').map(unquote);
  const rows = body.map((line) => line.split(',').map(unquote));
  const at = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`no column ${name}`);
    return i;
  };
  const column = (name: string) => rows.map((r) => r[at(name)] ?? '');
  return {
    header,
    rows,
    column,
    sum: (name) => column(name).reduce((s, v) => s + Number(v), 0),
    sumBy(by, value) {
      const out = new Map<string, number>();
      const keys = column(by);
      column(value).forEach((v, i) => {
        const key = keys[i] ?? '';
        out.set(key, (out.get(key) ?? 0) + Number(v));
      });
      return out;
    },
  };
}

/** Rebuilds a CSV from a table, with columns in a new order (names not in the table are added empty). */
export function writeRawCsv(table: RawTable, columns: readonly string[], linebreak = '\n'): string {
  const index = columns.map((c) => table.header.indexOf(c));
  const line = (cells: string[]) => cells.join(',');
  const body = table.rows.map((r) => line(index.map((i) => (i < 0 ? '' : (r[i] ?? '')))));
  return [line([...columns]), ...body].join(linebreak) + linebreak;
}
