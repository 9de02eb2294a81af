// HTTP to Google's APIs: timeouts, JSON bodies, Google's error envelope turned into one error type.
import * as z from 'zod';

/** A single call to Google may take this long before it is abandoned (the next run retries). */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Error bodies are cut to this in messages: an HTML error page is not a log line. */
const ERROR_TEXT_MAX_CHARS = 300;

const googleErrorSchema = z.object({
  error: z.union([z.object({ code: z.number().optional(), message: z.string(), status: z.string().optional() }), z.string()]),
  error_description: z.string().optional(),
});

/** A non-2xx answer or an unexpected body from a Google API. */
export class GoogleApiError extends Error {
  constructor(
    readonly api: string,
    readonly status: number,
    reason: string,
  ) {
    super(`${api}: HTTP ${status}: ${reason}`);
    this.name = 'GoogleApiError';
  }
}

async function reasonOf(res: Response): Promise<string> {
  const text = await res.text();
  try {
    const parsed = googleErrorSchema.safeParse(JSON.parse(text));
    if (parsed.success) {
      const { error, error_description: description } = parsed.data;
      return typeof error === 'string' ? `${error}${description ? `: ${description}` : ''}` : error.message;
    }
  } catch {
    // Not JSON: fall through to the raw text.
  }
  return text.slice(0, ERROR_TEXT_MAX_CHARS) || res.statusText;
}

/**
 * Sends a request and returns the response when it is 2xx; otherwise throws GoogleApiError.
 * @example const res = await send('reporting', url, { headers })
 */
export async function send(api: string, url: URL | string, init: RequestInit = {}, timeoutMs = REQUEST_TIMEOUT_MS): Promise<Response> {
  // The signal also bounds reading the body: a download's caller passes a longer time.
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok) throw new GoogleApiError(api, res.status, await reasonOf(res));
  return res;
}

/** Sends a request and parses the JSON body with a schema (a wrong shape is a GoogleApiError too). */
export async function sendJson<T extends z.ZodType>(
  api: string,
  schema: T,
  url: URL | string,
  init: RequestInit = {},
): Promise<z.infer<T>> {
  const res = await send(api, url, init);
  const parsed = schema.safeParse(await res.json());
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new GoogleApiError(api, res.status, `unexpected response: ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`);
}

/** A URL under a base ('https://host/v1') with query parameters; undefined and null values are left out. */
export function apiUrl(base: string, path: string, params: Record<string, string | number | boolean | null | undefined> = {}): URL {
  const url = new URL(`${base}/${path.replace(/^\/+/, '')}`);
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) url.searchParams.set(name, String(value));
  }
  return url;
}
