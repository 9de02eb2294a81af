import { env } from 'cloudflare:test';
import { expect, it } from 'vitest';
import app from '../../src/server/app';
import { errorAnswer } from './error-answer';

it('answers unknown paths with the error envelope', async () => {
  const res = await app.request('/api/nope', {}, env);
  expect(res.status).toBe(404);
  expect(await res.json()).toEqual(errorAnswer('No such API path: GET /api/nope'));
  const n = await env.DB.prepare('SELECT count(*) AS n FROM users').first<{ n: number }>();
  expect(n?.n).toBe(0);
});
