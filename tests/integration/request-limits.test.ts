// Request bodies: malformed multipart is a 400, and bodies over a route's limit are a 413, whether the
// length is declared up front or only found out while reading.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MAX_IMPORT_BYTES } from '../../src/server/admin/import-upload';
import app from '../../src/server/app';
import { MAX_JSON_BODY_BYTES } from '../../src/server/http/request-body';
import { createUser } from './factories';
import { LOCAL, signIn } from './http';
import { errorAnswer } from './error-answer';

const ADMIN = { Authorization: `Bearer ${'test-admin-token-0123456789abcdef0123456789'}` };
const ABSURD_LENGTH = '10000000000';
const CHUNK_BYTES = 64 * 1024;

/** One request straight to the app, with whatever body and headers the test needs. */
async function send(path: string, body: BodyInit, headers: Record<string, string>): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await app.request(`${LOCAL}${path}`, { method: 'POST', headers, body }, env, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/**
 * A body of `total` bytes streamed in chunks, with no Content-Length: the server only finds out the
 * size by reading. `pulled` counts the bytes it asked for, to show it stopped early.
 */
function chunkedBody(total: number, prefix = ''): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let sent = 0;
  const head = new TextEncoder().encode(prefix);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const chunk = sent === 0 ? head : new Uint8Array(Math.min(CHUNK_BYTES, total - sent)).fill(0x20);
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, pulled: () => sent };
}

describe('malformed multipart', () => {
  const garbage = 'this is not multipart at all';

  it('is a 400 with the envelope on POST /api/analytics', async () => {
    for (const type of ['multipart/form-data; boundary=----nothing', 'multipart/form-data']) {
      const res = await send('/api/analytics?path=/youtube/api/stat/search', garbage, { 'Content-Type': type });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(errorAnswer(expect.stringContaining('multipart/form-data')));
    }
  });

  it('is a 400 with the envelope on POST /api/admin/import', async () => {
    const truncated = '------b\r\nContent-Disposition: form-data; name="files"; filename="a.csv"\r\n\r\nday,views\r\n';
    for (const body of [garbage, truncated]) {
      const res = await send('/api/admin/import', body, { ...ADMIN, 'Content-Type': 'multipart/form-data; boundary=----b' });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual(errorAnswer(expect.stringContaining('multipart/form-data')));
    }
  });
});

describe('declared Content-Length over the limit', () => {
  it('is refused with 413 before reading, on JSON routes', async () => {
    const pat = await createUser();
    const session = await signIn(pat.email, pat.password!);
    const res = await send('/api/stat/engagement', '{}', {
      'Content-Type': 'application/json',
      'Content-Length': ABSURD_LENGTH,
      Cookie: `vd_session=${session}`,
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(errorAnswer(`The body is limited to ${MAX_JSON_BODY_BYTES / 1024 / 1024} MB.`));
  });

  it('is refused with 413 on sign-in and the admin import', async () => {
    const login = await send('/api/auth/login', '{}', { 'Content-Type': 'application/json', 'Content-Length': ABSURD_LENGTH });
    expect(login.status).toBe(413);
    const upload = await send('/api/admin/import', 'x', {
      ...ADMIN,
      'Content-Type': 'multipart/form-data; boundary=b',
      'Content-Length': ABSURD_LENGTH,
    });
    expect(upload.status).toBe(413);
    expect(await upload.json()).toEqual(errorAnswer(expect.stringMatching(/^Uploads are limited to 90 MB/)));
  });
});

describe('chunked bodies over the limit', () => {
  it('are cut off with 413 while reading a JSON body', async () => {
    const body = chunkedBody(MAX_JSON_BODY_BYTES * 4, '{"login":"');
    const res = await send('/api/auth/login', body.stream, { 'Content-Type': 'application/json' });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(errorAnswer(`The body is limited to ${MAX_JSON_BODY_BYTES / 1024 / 1024} MB.`));
    // Reading stopped at the limit (plus what the stream had buffered), not at the end of the body.
    expect(body.pulled()).toBeLessThan(MAX_JSON_BODY_BYTES * 2);
  });

  it('are cut off with 413 while reading a multipart form on POST /api/analytics', async () => {
    const body = chunkedBody(MAX_JSON_BODY_BYTES * 4, '--b\r\nContent-Disposition: form-data; name="q"\r\n\r\n');
    const res = await send('/api/analytics?path=/youtube/api/stat/search', body.stream, {
      'Content-Type': 'multipart/form-data; boundary=b',
    });
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeLessThan(MAX_JSON_BODY_BYTES * 2);
  });

  it('are cut off with 413 while reading an admin upload past 90 MB', async () => {
    const body = chunkedBody(
      MAX_IMPORT_BYTES + 4 * CHUNK_BYTES,
      '--b\r\nContent-Disposition: form-data; name="files"; filename="a.csv"\r\n\r\n',
    );
    const res = await send('/api/admin/import', body.stream, { ...ADMIN, 'Content-Type': 'multipart/form-data; boundary=b' });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual(errorAnswer(expect.stringMatching(/^Uploads are limited to 90 MB/)));
    expect(body.pulled()).toBeLessThan(MAX_IMPORT_BYTES + 4 * CHUNK_BYTES);
  });

  it('leave bodies under the limit alone', async () => {
    const res = await send('/api/auth/login', JSON.stringify({ login: 'x'.repeat(1000), password: 'y' }), {
      'Content-Type': 'application/json',
    });
    expect(res.status).not.toBe(413);
  });
});
