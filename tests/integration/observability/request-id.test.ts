// Every API answer names its request (X-Request-Id), every error answer carries the same id in its body,
// and every log line written while the request runs carries it too, however deep the code that logs.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import app from '../../../src/server/app';
import type { ErrorAnswer } from '../../../src/lib/api/errors';
import { inLogContext } from '../../../src/server/log/context';
import { createUser } from '../factories';
import { call } from '../http';
import { MADE_REQUEST_ID } from '../error-answer';
import { logLines } from '../log-lines';

const RAY = '8f1a2b3c4d5e6f70-AMS';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('request ids in answers', () => {
  it('answers a made id in the header and the error body alike, a new one per request', async () => {
    const [a, b] = [await call('/api/nope'), await call('/api/nope')];
    const [bodyA, bodyB] = [(await a.json()) as ErrorAnswer, (await b.json()) as ErrorAnswer];
    expect(a.status).toBe(404);
    expect(bodyA.request_id).toMatch(MADE_REQUEST_ID);
    expect(a.headers.get('X-Request-Id')).toBe(bodyA.request_id);
    expect(bodyB.request_id).not.toBe(bodyA.request_id);
  });

  it("takes Cloudflare's ray id for a 4xx of a route, of the origin guard and for an OK answer", async () => {
    const invalid = await call('/api/auth/login', { body: { login: 'x' }, headers: { 'cf-ray': RAY } });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ error: expect.any(String), request_id: RAY });
    expect(invalid.headers.get('X-Request-Id')).toBe(RAY);

    // Refused by the first middleware, before any route: the envelope still names the request.
    const crossSite = await call('/api/auth/login', {
      body: { login: 'x', password: 'y' },
      headers: { 'cf-ray': RAY, Origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect(((await crossSite.json()) as ErrorAnswer).request_id).toBe(RAY);
    expect(crossSite.headers.get('X-Request-Id')).toBe(RAY);

    const ok = await call('/api/auth/status', { headers: { 'cf-ray': RAY } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('X-Request-Id')).toBe(RAY);
  });

  it('keeps the id the worker set for the whole request rather than making another', async () => {
    const ctx = createExecutionContext();
    const res = await inLogContext({ request_id: 'worker-made-id' }, () => app.request('http://localhost/api/nope', {}, env, ctx));
    await waitOnExecutionContext(ctx);
    expect(res.headers.get('X-Request-Id')).toBe('worker-made-id');
    expect(((await res.json()) as ErrorAnswer).request_id).toBe('worker-made-id');
  });
});

describe('request ids in log lines', () => {
  it('a 500 answers a generic sentence with the id, and logs the cause under the same id', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A database that fails every statement, as D1 does during an outage.
    const outage = () => new Error('D1_ERROR: disk I/O error');
    const broken = {
      prepare: () => {
        throw outage();
      },
      batch: () => Promise.reject(outage()),
    };
    const ctx = createExecutionContext();
    const res = await app.request(
      'http://localhost/api/auth/login',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'cf-ray': RAY },
        body: JSON.stringify({ login: 'pat@example.com', password: 'pw-123456' }),
      },
      { ...env, DB: broken as unknown as D1Database },
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: 'Something went wrong on our side. Please try again.', request_id: RAY });
    expect(text).not.toContain('D1_ERROR');
    expect(logLines(error)).toEqual([
      expect.objectContaining({
        level: 'error',
        event: 'api.error',
        request_id: RAY,
        method: 'POST',
        path: '/api/auth/login',
        error: expect.objectContaining({ message: 'D1_ERROR: disk I/O error' }),
      }),
    ]);
    // The password sent never reaches the log, not even inside the error's description.
    expect(JSON.stringify(logLines(error))).not.toContain('pw-123456');
  });

  it('a line logged deep inside the request, after the answer (waitUntil), carries its id', async () => {
    const pat = await createUser();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await call('/api/profile/reset_password', {
      body: { email: pat.email },
      headers: { 'cf-ray': RAY },
      settings: { APP_ENV: 'production', PUBLIC_URL: 'https://app.viewdeck.example' },
    });
    expect(res.status).toBe(200);
    expect(logLines(error)).toEqual([
      expect.objectContaining({ event: 'background.failed', task: 'password reset mail', request_id: RAY }),
    ]);
  });

  it('two requests at once each log under their own id', async () => {
    const [pat, sam] = [await createUser(), await createUser()];
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const settings = { APP_ENV: 'production', PUBLIC_URL: 'https://app.viewdeck.example' };
    await Promise.all([
      call('/api/profile/reset_password', { body: { email: pat.email }, headers: { 'cf-ray': 'ray-pat' }, settings }),
      call('/api/profile/reset_password', { body: { email: sam.email }, headers: { 'cf-ray': 'ray-sam' }, settings }),
    ]);
    expect(
      logLines(error)
        .map((line) => line.request_id)
        .sort(),
    ).toEqual(['ray-pat', 'ray-sam']);
  });
});
