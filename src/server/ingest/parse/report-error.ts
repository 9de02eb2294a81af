// Errors of the ingest parsers: every message names the file and, for a row, its physical line.

/**
 * A report that cannot be loaded. `line` is the physical line in the file (the header is line 1)
 * or null when the problem is the file as a whole.
 * @example throw new ReportError('channel_basic_a3.csv', 12, 'column views: "x" is not a number')
 */
export class ReportError extends Error {
  constructor(
    readonly fileName: string,
    readonly line: number | null,
    readonly reason: string,
  ) {
    super(line === null ? `${fileName}: ${reason}` : `${fileName}:${line}: ${reason}`);
    this.name = 'ReportError';
  }
}

// Long values are cut in messages: a title is not an error report.
const QUOTE_MAX_CHARS = 40;

/** A value as shown in an error message. */
export const quote = (raw: string) => JSON.stringify(raw.length > QUOTE_MAX_CHARS ? `${raw.slice(0, QUOTE_MAX_CHARS)}…` : raw);

/** A single bad value; the CSV reader turns it into a ReportError carrying the line. */
export class ValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ValueError';
  }
}

/** A JSON response from a YouTube API that does not have the expected shape. */
export class ApiResponseError extends Error {
  constructor(
    readonly source: string,
    reason: string,
  ) {
    super(`${source}: ${reason}`);
    this.name = 'ApiResponseError';
  }
}
