import { afterEach, describe, expect, it, vi } from 'vitest';
import { inLogContext, requestIdOf, withRequestId } from './context';
import { log, logLine, MAX_TEXT_LENGTH, REDACTED } from './log';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('log lines', () => {
  it('writes one object per line, level and event first, through the console method of its level', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    log.info('sync.run', { message: 'run done', reports: 3, failed: [] });
    log.warn('sync', { message: 'trends: stopped' });
    expect(info.mock.calls).toEqual([[{ level: 'info', event: 'sync.run', message: 'run done', reports: 3, failed: [] }]]);
    expect(warn.mock.calls).toEqual([[{ level: 'warn', event: 'sync', message: 'trends: stopped' }]]);
    expect(Object.keys(info.mock.calls[0]![0] as object).slice(0, 3)).toEqual(['level', 'event', 'message']);
  });

  it('carries the id of the request under way, across awaits, and of no other', async () => {
    const lines = await Promise.all(
      ['ray-a', 'ray-b'].map((id) =>
        inLogContext({ request_id: id }, async () => {
          await Promise.resolve();
          await new Promise((resolve) => setTimeout(resolve, 0));
          return logLine('info', 'page.rendered');
        }),
      ),
    );
    expect(lines.map((line) => line.request_id)).toEqual(['ray-a', 'ray-b']);
    expect(logLine('info', 'outside')).not.toHaveProperty('request_id');
    expect(inLogContext({ run_id: 'sync-1' }, () => logLine('info', 'sync.run'))).toMatchObject({ run_id: 'sync-1' });
    // A Workflow step's lines: the instance's id, then the step's name.
    const step = inLogContext({ run_id: 'reports-2026-03-01-a', step: 'record' }, () =>
      logLine('info', 'sync', { message: 'reports: 1 loaded' }),
    );
    expect(step).toEqual({ level: 'info', event: 'sync', message: 'reports: 1 loaded', run_id: 'reports-2026-03-01-a', step: 'record' });
  });

  it('describes an error by name, message, stack and cause, and nothing else of it', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const cause = new TypeError('socket closed');
    const failure = Object.assign(new Error('D1_ERROR: no such table: users', { cause }), { sql: 'SELECT secret FROM users' });
    inLogContext({ request_id: 'r1' }, () => log.error('api.error', failure, { method: 'GET', path: '/api/nope' }));
    const line = error.mock.calls[0]![0] as Record<string, unknown>;
    expect(line).toMatchObject({
      level: 'error',
      event: 'api.error',
      request_id: 'r1',
      method: 'GET',
      path: '/api/nope',
      error: { name: 'Error', message: 'D1_ERROR: no such table: users', cause: { name: 'TypeError', message: 'socket closed' } },
    });
    const described = line.error as Record<string, unknown>;
    expect(Object.keys(described).sort()).toEqual(['cause', 'message', 'name', 'stack']);
    expect(String(described.stack)).toContain('D1_ERROR: no such table: users');
  });

  it('never writes secrets or request bodies, at any depth', () => {
    const line = logLine('warn', 'mail.failed', {
      password: 'hunter22',
      refresh_token: '1//abc',
      MAIL_API_KEY: 'key-123',
      headers: { Authorization: 'Bearer xyz', Cookie: 'vd_session=a.b', Accept: 'text/html' },
      body: { email: 'a@example.com', password: 'pw' },
      attempts: [{ client_secret: 's3', status: 500 }],
    });
    const written = JSON.stringify(line);
    for (const secret of ['hunter22', '1//abc', 'key-123', 'Bearer xyz', 'vd_session=a.b', 'a@example.com', 's3"']) {
      expect(written).not.toContain(secret);
    }
    expect(line).toMatchObject({
      password: REDACTED,
      headers: { Authorization: REDACTED, Cookie: REDACTED, Accept: 'text/html' },
      body: REDACTED,
      attempts: [{ client_secret: REDACTED, status: 500 }],
    });
  });

  it('keeps every line JSON: big numbers as text, functions dropped, long text and deep nesting bounded', () => {
    const deep: Record<string, unknown> = {};
    let cursor = deep;
    for (let i = 0; i < 20; i += 1) cursor = cursor.next = {} as Record<string, unknown>;
    const line = logLine('info', 'shape', { big: 10n ** 20n, fn: () => 1, long: 'x'.repeat(MAX_TEXT_LENGTH + 10), deep });
    expect(JSON.parse(JSON.stringify(line))).toEqual(line);
    expect(line.big).toBe('100000000000000000000');
    expect(line).not.toHaveProperty('fn');
    expect(String(line.long)).toHaveLength(MAX_TEXT_LENGTH + 1);
    expect(JSON.stringify(line.deep)).toContain('[too deep]');
  });
});

describe('request ids', () => {
  it("takes Cloudflare's ray id, else a fresh random one", () => {
    expect(requestIdOf(new Request('https://x.test/', { headers: { 'cf-ray': '8f1a2b3c4d5e6f70-AMS' } }))).toBe('8f1a2b3c4d5e6f70-AMS');
    const a = requestIdOf(new Request('https://x.test/'));
    const b = requestIdOf(new Request('https://x.test/', { headers: { 'cf-ray': 'not a ray; <script>' } }));
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(b).toMatch(/^[0-9a-f-]{36}$/);
    expect(a).not.toBe(b);
  });

  it('stamps X-Request-Id on a response, copying one whose headers are immutable', () => {
    const own = withRequestId(new Response('ok'), 'r1');
    expect(own.headers.get('X-Request-Id')).toBe('r1');
    const frozen = Response.redirect('https://x.test/there', 302);
    const stamped = withRequestId(frozen, 'r2');
    expect(stamped.headers.get('X-Request-Id')).toBe('r2');
    expect(stamped.status).toBe(302);
  });
});
