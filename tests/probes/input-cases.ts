// Bad input for every route, generated from its zod schema: each field given wrong types, extremes,
// unicode, huge strings and lists; plus malformed JSON, form and multipart, wrong content types and
// oversized bodies. judgeAnswer says what is wrong with an answer (nothing, for a good one).
import fc from 'fast-check';
import { dropNulls } from '../../src/server/http/validate';
import { BODY_ROUTES, type BodyRoute, PARAMS_ROUTES, type ParamsRoute } from './input-routes';

/** A request ready to send, and whether the server must refuse it. */
export interface InputCase {
  route: BodyRoute | ParamsRoute;
  label: string;
  method: 'GET' | 'POST';
  path: string;
  contentType: string | null;
  body: string | FormData | null;
  /** True when the schema (or the transport) cannot accept it: the answer must be a 4xx. */
  mustRefuse: boolean;
}

const HUGE_TEXT = 'x'.repeat(200_000);
const HUGE_UNICODE = 'é𝔘'.repeat(60_000);
/** Over a megabyte of JSON: far past any field limit (bodies near the Worker's 100 MB limit are refused elsewhere). */
const OVERSIZED_BODY_CHARS = 1_500_000;
/**
 * URLs are bounded before any code of ours runs (Cloudflare's edge takes 16 KB; workerd answers 431 past
 * its header limit), so query values stay long but inside that.
 */
const MAX_QUERY_VALUE_CHARS = 4_000;
const LONG_QUERY_VALUE = 'q'.repeat(MAX_QUERY_VALUE_CHARS);
const deepList = (depth: number): unknown => (depth === 0 ? [] : [deepList(depth - 1)]);

/** Values no careful reader should trip on, whatever the field. */
const EXTREMES: unknown[] = [
  0,
  -1,
  1.5,
  -0,
  1e308,
  -1e308,
  2 ** 53 + 2,
  Number.MIN_VALUE,
  true,
  false,
  null,
  {},
  [],
  [[]],
  { $ne: null },
  { __proto__: { admin: true } },
  '',
  ' ',
  '\u0000',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '%00',
  '\u202Eevil',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  '\uD800',
  '\uFFFF',
  'Z̷̢a̵l̶g̸o',
  '9999-12-31',
  '0000-01-01',
  '2026-02-29',
  '+275760-09-13',
  '2026-13-01',
  '１２３',
  'null',
  '__proto__',
  'constructor',
  `UC${'x'.repeat(22)}`,
  'ugc',
  'NaN',
  'Infinity',
  '-1e999',
  '1e999',
  HUGE_TEXT,
  HUGE_UNICODE,
  Array.from({ length: 10_000 }, () => 'US'),
  Array.from({ length: 3_000 }, (_, i) => i + 1),
  deepList(400),
];

const badValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...EXTREMES) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 80 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 80 }) },
  { weight: 1, arbitrary: fc.oneof(fc.double(), fc.integer(), fc.bigInt().map(String)) },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 20 }) },
);

/** The fields a schema declares (objects, refined objects and pipes of objects). */
function fieldsOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

/** True when the route's schema refuses this parsed body, the way parseInput would. */
function refused(route: BodyRoute, parsed: unknown): boolean {
  return !route.schema.safeParse(dropNulls(parsed)).success;
}

type BodyMutation = { label: string; text: string; contentType: string | null };

function bodyMutations(route: BodyRoute): fc.Arbitrary<BodyMutation> {
  const json = (label: string, value: unknown) => ({ label, text: JSON.stringify(value), contentType: 'application/json' });
  const fields = fieldsOf(route.schema);
  const field = fc.tuple(fc.constantFrom(...fields), badValue).map(([k, v]) => json(`field ${k}`, { ...route.base, [k]: v }));
  const dropped = fc
    .constantFrom(...fields)
    .map((k) => json(`without ${k}`, Object.fromEntries(Object.entries(route.base).filter(([f]) => f !== k))));
  const extra = fc
    .tuple(
      fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('__proto__', 'constructor', 'isFetching', 'user_id', 'is_admin')),
      badValue,
    )
    .map(([k, v]) => ({
      label: `extra key ${k.slice(0, 20)}`,
      text: `${JSON.stringify(route.base).slice(0, -1)},${JSON.stringify(k)}:${JSON.stringify(v)}}`,
      contentType: 'application/json',
    }));
  const whole = badValue.map((v) => json('whole body', v));
  const text = JSON.stringify(route.base);
  const malformed = fc.oneof(
    fc.nat({ max: text.length - 1 }).map((n) => ({ label: 'truncated JSON', text: text.slice(0, n), contentType: 'application/json' })),
    fc
      .constantFrom(
        '{"a":}',
        "{'login':'x'}",
        '{"a":NaN}',
        '[1,,2]',
        `${text}}`,
        `${text} trailing`,
        `\uFEFF${text}`,
        '{"a":"\\ud800"}',
        '{"a":1e999}',
        `{${'"k":1,'.repeat(50_000)}"z":0}`,
      )
      .map((t) => ({ label: 'malformed JSON', text: t, contentType: 'application/json' })),
  );
  const wrongType = fc
    .constantFrom(
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=probe',
      'multipart/form-data',
      'application/json-patch+json',
      'APPLICATION/JSON',
      'application/json; charset=utf-16',
      'application/json;;;',
    )
    .map((type) => ({ label: `content type ${type}`, text, contentType: type }));
  const oversized = fc.constantFrom(...fields).map((k) => json(`oversized ${k}`, { ...route.base, [k]: 'y'.repeat(OVERSIZED_BODY_CHARS) }));
  return fc.oneof(
    { weight: 6, arbitrary: field },
    { weight: 1, arbitrary: dropped },
    { weight: 2, arbitrary: extra },
    { weight: 2, arbitrary: whole },
    { weight: 2, arbitrary: malformed },
    { weight: 2, arbitrary: wrongType },
    { weight: 1, arbitrary: oversized },
  );
}

/** Whether the server's body reader (JSON only, empty as {}) plus the schema must refuse the text. */
function mustRefuseBody(route: BodyRoute, m: BodyMutation): boolean {
  if (route.multipart) return true;
  const type = (m.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (m.text.trim() === '') return refused(route, {});
  if (type !== 'application/json') return true;
  try {
    return refused(route, JSON.parse(m.text));
  } catch {
    return true;
  }
}

function bodyCaseArb(route: BodyRoute): fc.Arbitrary<InputCase> {
  return bodyMutations(route).map((m) =>
    printable({
      route,
      label: m.label,
      method: 'POST',
      path: route.path,
      contentType: m.contentType,
      body: m.text,
      mustRefuse: mustRefuseBody(route, m),
    }),
  );
}

/** Multipart bodies: well-formed with odd fields, or broken framing; never a 5xx. */
function multipartArb(route: BodyRoute | ParamsRoute, path: string): fc.Arbitrary<InputCase> {
  const keys = route.kind === 'body' ? fieldsOf(route.schema) : Object.keys(route.schema.shape);
  const good = fc
    .array(
      fc.tuple(
        fc.constantFrom(...keys, 'files', 'file', 'network'),
        fc.oneof(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.constant(HUGE_TEXT)),
      ),
      { maxLength: 5 },
    )
    .map((pairs) => {
      const form = new FormData();
      // A form route gets its good fields first, so the odd ones and the file are what is judged.
      if (route.kind === 'body' && route.multipart) for (const [k, v] of Object.entries(route.base)) form.append(k, String(v));
      for (const [k, v] of pairs) form.append(k, v);
      form.append(
        route.kind === 'body' ? (route.multipart?.fileField ?? 'files') : 'files',
        new Blob(['not,a,report\n1,2,3']),
        'probe.csv',
      );
      return { label: 'multipart fields', contentType: null as string | null, body: form as string | FormData };
    });
  const broken = fc
    .constantFrom(
      '--probe\r\nContent-Disposition: form-data; name="files"\r\n\r\nunterminated',
      '--other\r\n\r\n--other--',
      'no framing at all',
      `--probe\r\nContent-Disposition: form-data; name="files"; filename="a.csv"\r\n\r\n${'z'.repeat(10_000)}\r\n--probe--`,
      '--probe--',
    )
    .map((text) => ({
      label: 'malformed multipart',
      contentType: 'multipart/form-data; boundary=probe' as string | null,
      body: text as string | FormData,
    }));
  return fc.oneof(good, broken).map((m) =>
    printable({
      route,
      label: m.label,
      method: 'POST',
      path,
      contentType: m.contentType,
      body: m.body,
      // A JSON route refuses every multipart body; a form route (the import, a ticket) decides by content.
      mustRefuse: route.kind === 'body' && !route.multipart,
    }),
  );
}

/** Public calls: parameters as query strings, repeated keys, huge and unicode values. */
function paramsCaseArb(route: ParamsRoute): fc.Arbitrary<InputCase> {
  const keys = Object.keys(route.schema.shape);
  const value = fc.oneof(
    fc.constantFrom(...EXTREMES.filter((v): v is string => typeof v === 'string' && v.length <= MAX_QUERY_VALUE_CHARS), LONG_QUERY_VALUE),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.integer().map(String),
    fc.double().map(String),
  );
  const pairs = fc.array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(...keys),
        fc.constantFrom(...keys).map((k) => `${k}[]`),
        fc.string({ maxLength: 10 }),
      ),
      value,
    ),
    { minLength: 1, maxLength: 6 },
  );
  return pairs.map((extra) => {
    const params = new URLSearchParams({ ...route.base });
    for (const [k, v] of extra) params.append(k, v);
    const call = `/youtube/api${route.call}`;
    if (route.method === 'POST') {
      return printable({
        route,
        label: 'form params',
        method: 'POST',
        path: `/api/analytics?path=${encodeURIComponent(call)}`,
        contentType: 'application/x-www-form-urlencoded',
        body: params.toString(),
        mustRefuse: false,
      });
    }
    params.set('path', call);
    return printable({
      route,
      label: 'query params',
      method: 'GET',
      path: `/api/analytics?${params.toString()}`,
      contentType: null,
      body: null,
      mustRefuse: false,
    });
  });
}

/** The admin import: multipart only; its other probes are the generic ones. */
const IMPORT_ROUTE: BodyRoute = {
  ...BODY_ROUTES.find((r) => r.path === '/api/admin/grants')!,
  path: '/api/admin/import',
  multipart: { fileField: 'files' },
  writes: ['report_files', 'report_refusals', 'channel_daily', 'report_archive'],
};

/**
 * Random bad-input cases over every route.
 * @example fc.sample(inputCaseArb(), 100)
 */
export function inputCaseArb(): fc.Arbitrary<InputCase> {
  return fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...BODY_ROUTES).chain(bodyCaseArb) },
    { weight: 1, arbitrary: fc.constantFrom(...BODY_ROUTES).chain((r) => multipartArb(r, r.path)) },
    { weight: 1, arbitrary: multipartArb(IMPORT_ROUTE, IMPORT_ROUTE.path) },
    { weight: 1, arbitrary: fc.constantFrom(...BODY_ROUTES.filter((r) => r.multipart)).chain((r) => multipartArb(r, r.path)) },
    { weight: 3, arbitrary: fc.constantFrom(...PARAMS_ROUTES).chain(paramsCaseArb) },
  );
}

/** Text that would mean a database message or a stack trace reached the client. */
const INTERNALS = [
  /SQLITE/i,
  /D1_/,
  /\n\s+at /,
  /\bat [\w.<>]+ \(/,
  /node_modules/,
  /\.ts:\d+/,
  /\bsyntax error\b/i,
  /no such (table|column)/i,
];

/**
 * Everything wrong with an answer to a case: a 5xx, an accepted bad input, an error without the
 * envelope, internals in the text. Empty when the answer is right.
 */
export function judgeAnswer(c: InputCase, status: number, text: string): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`server error ${status}`);
  else if (c.mustRefuse && (status < 400 || status >= 500)) problems.push(`accepted input the schema refuses (${status})`);
  if (status >= 400) {
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      /* judged below */
    }
    const error = body && typeof body === 'object' && 'error' in body ? (body as { error: unknown }).error : undefined;
    if (typeof error !== 'string' || error === '') problems.push('error answer without the {"error": "..."} envelope');
  }
  for (const pattern of INTERNALS) if (pattern.test(text)) problems.push(`answer shows internals (${pattern})`);
  return problems;
}

/** A case that fast-check prints as its request line, not as the schema objects it holds. */
function printable(c: InputCase): InputCase {
  return Object.assign(c, { [fc.toStringMethod]: () => describeCase(c) });
}

/** A line naming the case, short enough for a report. */
export function describeCase(c: InputCase): string {
  const body = typeof c.body === 'string' ? c.body : c.body ? `multipart ${JSON.stringify([...c.body.keys()])}` : '';
  return `${c.method} ${c.path.slice(0, 160)} [${c.label.slice(0, 60)}] ${c.contentType ?? '(no type)'} ${JSON.stringify(body.slice(0, 160))}`;
}
