// The edge cache of public pages: miss then hit, stale after the soft TTL with a background refresh,
// never for signed-in visitors, never storing cookies or errors, retired by a new data generation.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bumpPublicGeneration } from '../../../src/server/public/generation';
import { isCacheablePageRequest, servePublicPage, SOFT_TTL_SECONDS } from '../../../src/server/public/page-cache';

let renders: number;
let page = 0;
const html =
  (status = 200, headers: Record<string, string> = {}) =>
  async () => {
    renders += 1;
    return new Response(`<h1>render ${renders}</h1>`, { status, headers: { 'Content-Type': 'text/html', ...headers } });
  };

async function visit(
  url: string,
  render = html(),
  init: RequestInit = {},
): Promise<{ state: string | null; body: string; cacheControl: string | null }> {
  const ctx = createExecutionContext();
  const res = await servePublicPage(new Request(url, init), env, ctx, render);
  const body = await res.text();
  await waitOnExecutionContext(ctx);
  return { state: res.headers.get('X-Cache'), body, cacheControl: res.headers.get('Cache-Control') };
}

beforeEach(async () => {
  renders = 0;
  page += 1;
  await bumpPublicGeneration(env.KV, Date.now() + page);
});
afterEach(() => vi.useRealTimers());

describe('public page cache', () => {
  it('renders once, then answers from the cache for the same page written differently', async () => {
    const first = await visit(`https://v.example/channels?period=now&lang=en&p=${page}`);
    const second = await visit(`https://v.example/channels/?lang=en&period=now&utm_source=mail&p=${page}`);
    expect([first.state, second.state]).toEqual(['MISS', 'HIT']);
    expect(second.body).toBe(first.body);
    expect(renders).toBe(1);
    expect(second.cacheControl).toContain('public');
  });

  it('serves a stale page past the soft TTL and renders a fresh one in the background', async () => {
    const url = `https://v.example/global?p=${page}`;
    await visit(url);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (SOFT_TTL_SECONDS + 5) * 1000);
    const stale = await visit(url);
    expect(stale.state).toBe('STALE');
    expect(stale.body).toContain('render 1');
    expect(renders).toBe(2);
    const fresh = await visit(url);
    expect(fresh.state).toBe('HIT');
    expect(fresh.body).toContain('render 2');
  });

  it('keeps no page that sets a cookie or failed', async () => {
    await visit(`https://v.example/trends?a=${page}`, html(200, { 'Set-Cookie': 'x=1' }));
    await visit(`https://v.example/trends?a=${page}`, html(200, { 'Set-Cookie': 'x=1' }));
    await visit(`https://v.example/network/none?b=${page}`, html(404));
    const again = await visit(`https://v.example/network/none?b=${page}`, html(404));
    expect(again.state).toBe('MISS');
    expect(renders).toBe(4);
  });

  it('starts again after the generation changes', async () => {
    const url = `https://v.example/find?p=${page}`;
    await visit(url);
    await bumpPublicGeneration(env.KV, Date.now() + 10_000);
    expect((await visit(url)).state).toBe('MISS');
  });

  it('caches only the GETs of visitors of public stats pages', () => {
    expect(isCacheablePageRequest(new Request('https://v.example/channels'))).toBe(true);
    expect(isCacheablePageRequest(new Request('https://v.example/channel/UCabc'))).toBe(true);
    expect(isCacheablePageRequest(new Request('https://v.example/channels', { headers: { Cookie: 'a=1; vd_session=abc' } }))).toBe(false);
    expect(isCacheablePageRequest(new Request('https://v.example/dashboard'))).toBe(false);
    expect(isCacheablePageRequest(new Request('https://v.example/channels', { method: 'POST' }))).toBe(false);
  });
});
