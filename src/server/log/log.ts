// The product's log lines: one JSON object per line, which Workers Logs indexes field by field, each
// carrying the id of the request or run it belongs to (./context.ts).
import { currentLogContext } from './context';

export type LogLevel = 'info' | 'warn' | 'error';

/** What a line says beyond its event: counts, names, ids; `message` is its sentence for a person. */
export type LogFields = Record<string, unknown> & { message?: string };

/** A line as written: a request's lines carry `request_id`, a run's `run_id` (and a Workflow step's `step`). */
export type LogLine = { level: LogLevel; event: string; message?: string } & Partial<IdFields> & Record<string, unknown>;
type IdFields = { request_id: string; run_id: string; step: string };

/** Keys whose values never reach the log, however deep: credentials, and bodies a person sent us. */
const SECRET_KEY = /password|passwd|secret|token|authorization|cookie|api_?key|credential/i;
const BODY_KEY = /^(?:body|request_?body|raw_?body)$/i;
export const REDACTED = '[redacted]';

/** Past this a string is cut: one runaway message must not fill the invocation's log budget. */
export const MAX_TEXT_LENGTH = 4_000;
/** Nesting kept before a value is summarised, which also ends any cycle. */
const MAX_DEPTH = 6;

const WRITERS: Record<LogLevel, (line: LogLine) => void> = {
  info: (line) => console.info(line),
  warn: (line) => console.warn(line),
  error: (line) => console.error(line),
};

function text(value: string): string {
  return value.length > MAX_TEXT_LENGTH ? `${value.slice(0, MAX_TEXT_LENGTH)}…` : value;
}

/** An error as a log field: its name, message and stack (and its cause's), never its other properties. */
export function errorFields(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: text(String(error)) };
  const fields: Record<string, unknown> = { name: error.name, message: text(error.message) };
  if (error.stack) fields.stack = text(error.stack);
  if (error.cause !== undefined && depth < MAX_DEPTH) fields.cause = errorFields(error.cause, depth + 1);
  return fields;
}

/** A value as plain JSON: errors described, secrets and bodies redacted, functions dropped, depth bounded. */
function plain(value: unknown, depth: number): unknown {
  if (value instanceof Error) return errorFields(value);
  if (typeof value === 'string') return text(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.map((item) => plain(item, depth + 1) ?? null);
  if (value instanceof Date) return value.toISOString();
  return plainObject(value as Record<string, unknown>, depth + 1);
}

function plainObject(fields: Record<string, unknown>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (SECRET_KEY.test(key) || BODY_KEY.test(key)) out[key] = REDACTED;
    else {
      const kept = plain(value, depth);
      if (kept !== undefined) out[key] = kept;
    }
  }
  return out;
}

/** The line for an event: level, event and message first, then the request's or run's id, then the fields. */
export function logLine(level: LogLevel, event: string, fields: LogFields = {}): LogLine {
  const { message, ...rest } = plainObject(fields, 0);
  return {
    level,
    event,
    ...(typeof message === 'string' ? { message } : {}),
    ...currentLogContext(),
    ...rest,
  };
}

/**
 * Writes structured log lines. `event` is a short dotted name to filter on ('sync.run', 'api.error');
 * fields are counts and names, never secrets or request bodies (those keys are redacted anyway).
 * @example log.info('sync.run', { message: 'run done', duration_ms: 812 })
 * @example log.error('api.error', error, { method: 'POST', path: '/api/auth/login' })
 */
export const log = {
  info(event: string, fields?: LogFields): void {
    WRITERS.info(logLine('info', event, fields));
  },
  warn(event: string, fields?: LogFields): void {
    WRITERS.warn(logLine('warn', event, fields));
  },
  /** A failure: the error's name, message and stack in `error` (nothing when it is undefined). */
  error(event: string, error: unknown, fields?: LogFields): void {
    WRITERS.error(logLine('error', event, error === undefined ? fields : { ...fields, error: errorFields(error) }));
  },
};
