// CSV text as YouTube's report files print it: a header line, comma-separated fields, quoted when needed.

const NEEDS_QUOTES = /[",\n\r]/;
const MICROS_PER_USD = 1_000_000;
const MICROS_DIGITS = 6;

/** One field: quoted (with doubled quotes) when it holds a comma, quote or line break. */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of fields (no line break). */
function csvLine(values: readonly (string | number | null)[]): string {
  return values.map(csvField).join(',');
}

/**
 * Integer micro-USD as the USD decimal the reports print, exact to the micro.
 * @example usd(-1_500) // '-0.001500'
 */
export function usd(micros: number): string {
  const sign = micros < 0 ? '-' : '';
  const abs = Math.abs(micros);
  const whole = Math.floor(abs / MICROS_PER_USD);
  return `${sign}${whole}.${String(abs - whole * MICROS_PER_USD).padStart(MICROS_DIGITS, '0')}`;
}

/** 'YYYY-MM-DD' to the reports' 'YYYYMMDD'. */
export function compactDay(day: string): string {
  return `${day.slice(0, 4)}${day.slice(5, 7)}${day.slice(8, 10)}`;
}

/** Unix seconds as an RFC 3339 UTC time without fractions ('2026-03-01T07:00:00Z'). */
export function isoTime(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
}

/** A CSV file being written: the header first, then lines; text() joins them with a final line break. */
export class CsvText {
  private readonly lines: string[];

  constructor(header: readonly string[]) {
    this.lines = [header.join(',')];
  }

  add(values: readonly (string | number | null)[]): void {
    this.lines.push(csvLine(values));
  }

  /** Adds a line already joined, of fields that need no quoting (ids, codes, numbers): the fact reports' millions of rows. */
  addLine(line: string): void {
    this.lines.push(line);
  }

  /** Data rows written so far. */
  get rows(): number {
    return this.lines.length - 1;
  }

  text(): string {
    return `${this.lines.join('\n')}\n`;
  }
}
