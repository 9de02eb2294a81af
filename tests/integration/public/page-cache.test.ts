// The edge cache of public pages: miss then hit, stale after the soft TTL with one background refresh
// however many ask, never for signed-in visitors, never storing cookies or errors, retired by a new data generation.
import { createExecutionContext, env, waitOnExecutionContext } from 'cloudflare:test';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bumpPublicGeneration } from '../../../src/server/public/generation';
import {
  isCacheablePageRequest,
  PUBLIC_PAGE_CACHE_CONTROL,
  servePage,
  servePublicPage,
  SOFT_TTL_SECONDS,
} from '../../../src/server/public/page-cache';

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

  it('renders a stale page once however many visitors ask while it renders, and gives each the stale copy', async () => {
    const url = `https://v.example/channels?p=${page}`;
    await visit(url);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (SOFT_TTL_SECONDS + 5) * 1000);
    // The refresh stays under way until released: every visit below arrives while it renders.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = async () => {
      renders += 1;
      await gate;
      return new Response(`<h1>render ${renders}</h1>`, { headers: { 'Content-Type': 'text/html' } });
    };
    const visitors = Array.from({ length: 10 }, () => {
      const ctx = createExecutionContext();
      return { ctx, answer: servePublicPage(new Request(url), env, ctx, slow) };
    });
    const answers = await Promise.all(
      visitors.map(async (v) => ({ state: v.answer.then((r) => r.headers.get('X-Cache')), body: (await v.answer).text() })),
    );
    expect(await Promise.all(answers.map((a) => a.state))).toEqual(Array(10).fill('STALE'));
    expect(await Promise.all(answers.map((a) => a.body))).toEqual(Array(10).fill('<h1>render 1</h1>'));
    release();
    await Promise.all(visitors.map((v) => waitOnExecutionContext(v.ctx)));
    expect(renders).toBe(2);
    expect((await visit(url)).body).toBe('<h1>render 2</h1>');
  });

  it('answers every hit with the stored bytes and the same headers', async () => {
    const url = `https://v.example/networks?p=${page}`;
    const stored = '<h1>é ünïcode page</h1>'.repeat(500);
    const render = async () => {
      renders += 1;
      return new Response(stored, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'X-Frame-Options': 'DENY' } });
    };
    const answers: Response[] = [];
    for (let i = 0; i < 3; i++) {
      const ctx = createExecutionContext();
      answers.push(await servePublicPage(new Request(url), env, ctx, render));
      await waitOnExecutionContext(ctx);
    }
    const bodies = await Promise.all(answers.map((r) => r.text()));
    expect(bodies).toEqual([stored, stored, stored]);
    expect(renders).toBe(1);
    for (const [i, res] of answers.entries()) {
      expect(Object.fromEntries(res.headers)).toEqual({
        'cache-control': PUBLIC_PAGE_CACHE_CONTROL,
        'content-type': 'text/html; charset=utf-8',
        vary: 'Cookie',
        'x-cache': i === 0 ? 'MISS' : 'HIT',
        'x-frame-options': 'DENY',
      });
    }
  });

  it('renders every request of a signed-in visitor, even for a page in the cache', async () => {
    const url = `https://v.example/global?p=${page}`;
    await visit(url);
    const ctx = createExecutionContext();
    const res = await servePage(new Request(url, { headers: { Cookie: 'a=1; vd_session=abc.def' } }), env, ctx, html());
    await waitOnExecutionContext(ctx);
    expect(await res.text()).toBe('<h1>render 2</h1>');
    expect(res.headers.get('X-Cache')).toBeNull();
    expect((await visit(url)).state).toBe('HIT');
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

  it('keeps the sign-in page for visitors, but tells browsers to keep nothing', async () => {
    const url = `https://v.example/?next=%2Fdashboard%3Fp%3D${page}`;
    const login = html(200, { 'Cache-Control': 'no-store' });
    const first = await visit(url, login);
    const second = await visit(url, login);
    expect([first.state, second.state]).toEqual(['MISS', 'HIT']);
    expect(renders).toBe(1);
    expect([first.cacheControl, second.cacheControl]).toEqual(['no-store', 'no-store']);
    const ctx = createExecutionContext();
    const signedIn = await servePage(new Request(url, { headers: { Cookie: 'vd_session=abc' } }), env, ctx, login);
    await waitOnExecutionContext(ctx);
    expect(signedIn.headers.get('X-Cache')).toBeNull();
    expect(renders).toBe(2);
  });

  it('caches only the GETs of visitors of public stats pages and the sign-in page', () => {
    expect(isCacheablePageRequest(new Request('https://v.example/'))).toBe(true);
    expect(isCacheablePageRequest(new Request('https://v.example/password/reset'))).toBe(false);
    expect(isCacheablePageRequest(new Request('https://v.example/channels'))).toBe(true);
    expect(isCacheablePageRequest(new Request('https://v.example/channel/UCabc'))).toBe(true);
    expect(isCacheablePageRequest(new Request('https://v.example/channels', { headers: { Cookie: 'a=1; vd_session=abc' } }))).toBe(false);
    expect(isCacheablePageRequest(new Request('https://v.example/dashboard'))).toBe(false);
    expect(isCacheablePageRequest(new Request('https://v.example/channels', { method: 'POST' }))).toBe(false);
  });
});
