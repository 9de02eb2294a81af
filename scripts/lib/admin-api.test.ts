import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi } from './admin-api.ts';

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

const seen: Seen[] = [];
let origin = '';

/** A stand-in instance: records each request; /api/admin/refused answers the error envelope, the rest echo. */
const server = createServer((req: IncomingMessage, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    seen.push({
      method: req.method ?? '',
      path: req.url ?? '',
      authorization: req.headers.authorization,
      contentType: req.headers['content-type'],
      body,
    });
    res.setHeader('Content-Type', 'application/json');
    if (req.url === '/api/admin/refused') {
      res.statusCode = 409;
      res.end(JSON.stringify({ error: 'mail is not configured: add --print-link' }));
    } else res.end(JSON.stringify({ data: { got: body.length } }));
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('adminApi', () => {
  it('sends the token as a bearer under /api/admin/: JSON as a POST, bytes as asked, nothing as a GET', async () => {
    seen.length = 0;
    const call = adminApi(origin, 'tok-123');
    expect(await call<{ got: number }>('grants', { json: { email: 'a@example.com' } })).toEqual({ got: 25 });
    await call('uploads/7/parts/1', { method: 'PUT', body: new Uint8Array([1, 2, 3]) });
    await call('loads/9');
    expect(seen).toEqual([
      {
        method: 'POST',
        path: '/api/admin/grants',
        authorization: 'Bearer tok-123',
        contentType: 'application/json',
        body: '{"email":"a@example.com"}',
      },
      {
        method: 'PUT',
        path: '/api/admin/uploads/7/parts/1',
        authorization: 'Bearer tok-123',
        contentType: 'application/octet-stream',
        body: '\u0001\u0002\u0003',
      },
      { method: 'GET', path: '/api/admin/loads/9', authorization: 'Bearer tok-123', contentType: undefined, body: '' },
    ]);
  });

  it("throws the server's reason, after the context when one is given", async () => {
    await expect(adminApi(origin, 't')('refused', { json: {} })).rejects.toThrow(/^mail is not configured: add --print-link$/);
    const named = adminApi(origin, 't', (apiPath, status) => `${origin} answered ${status} to ${apiPath}: `);
    await expect(named('refused', { json: {} })).rejects.toThrow(`${origin} answered 409 to refused: mail is not configured`);
  });
});
