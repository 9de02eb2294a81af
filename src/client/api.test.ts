import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// api.ts keeps whether the page is leaving in module state: each test loads a fresh copy.
async function freshApi() {
  vi.resetModules();
  return import('./api');
}

describe('leaving the page', () => {
  const assign = vi.fn<(url: string) => void>();
  beforeEach(() => {
    assign.mockReset();
    vi.stubGlobal('window', { location: { pathname: '/dashboard', search: '?period=6', hash: '', assign } });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a 401 sends the person to sign in and back to this address, once', async () => {
    const { ApiError, leaveIfSignedOut } = await freshApi();
    expect(leaveIfSignedOut(new ApiError('Please sign in.', 401))).toBe(true);
    expect(leaveIfSignedOut(new ApiError('Please sign in.', 401))).toBe(true);
    expect(leaveIfSignedOut(new ApiError('Bad date', 400))).toBe(false);
    expect(assign.mock.calls).toEqual([['/?next=%2Fdashboard%3Fperiod%3D6']]);
  });

  it('signing out wins over the 401s of calls its own log-out ended', async () => {
    const { ApiError, leaveAfter, leaveIfSignedOut } = await freshApi();
    // A dashboard call answered after the session is gone, and again once the log-out has answered.
    await leaveAfter('/', async () => {
      expect(leaveIfSignedOut(new ApiError('Please sign in.', 401))).toBe(true);
    });
    expect(leaveIfSignedOut(new ApiError('Please sign in.', 401))).toBe(true);
    expect(assign.mock.calls).toEqual([['/']]);
  });
});

describe('what goes on the wire', () => {
  const sent: { url: string; init: RequestInit }[] = [];
  beforeEach(() => {
    sent.length = 0;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return new Response(JSON.stringify({ data: { body: ['tag'] } }), { status: 200 });
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a GET carries its query string and answers the data', async () => {
    const { apiGet } = await freshApi();
    const answer = await apiGet('/api/analytics', { query: { path: '/youtube/api/tools/get_tags', str: 'a b' } });
    expect(answer).toEqual({ body: ['tag'] });
    expect(sent.map((s) => s.url)).toEqual(['/api/analytics?path=%2Fyoutube%2Fapi%2Ftools%2Fget_tags&str=a+b']);
  });

  it("a URL-encoded form goes as the form, its type set by the browser, with the caller's abort signal", async () => {
    const { apiPostTo } = await freshApi();
    const form = new URLSearchParams({ form_str: 'diego', last: '0' });
    const signal = new AbortController().signal;
    const answer = await apiPostTo<{ body: string[] }>('/api/analytics?path=%2Fyoutube%2Fapi%2Fstat%2Fsearch', form, signal);
    expect(answer).toEqual({ body: ['tag'] });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.init.method).toBe('POST');
    expect(sent[0]?.init.body).toBe(form);
    expect(sent[0]?.init.signal).toBe(signal);
    expect(sent[0]?.init.headers).toEqual({ Accept: 'application/json' });
  });
});
