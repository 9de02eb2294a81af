// Answers of the fake Google server: JSON, Google's error envelope, bytes.

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface FakeResponse {
  status: number;
  headers?: Record<string, string>;
  body: string | Buffer;
  /** Send only this many bytes of the body, then destroy the socket (the headers announce all of it). */
  cutAt?: number;
  /** Stream this file as the body instead (a generated report of hundreds of MB, never held whole). */
  file?: string;
}

export function json(body: unknown, status = 200): FakeResponse {
  return { status, headers: { 'Content-Type': 'application/json; charset=UTF-8' }, body: JSON.stringify(body) };
}

/** Google's error envelope, as the real APIs send it. */
export function googleError(status: number, message: string, reason = 'badRequest'): FakeResponse {
  return json({ error: { code: status, message, errors: [{ message, domain: 'global', reason }] } }, status);
}

export function header(req: FakeRequest, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : (value ?? null);
}
