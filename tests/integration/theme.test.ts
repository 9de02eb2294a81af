// The theme switch without scripts: POST /api/theme keeps the choice in a cookie and goes back.
import { describe, expect, it } from 'vitest';
import { call, LOCAL } from './http';

function form(fields: Record<string, string>): { body: string; headers: Record<string, string> } {
  return { body: new URLSearchParams(fields).toString(), headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: LOCAL } };
}

describe('POST /api/theme', () => {
  it('keeps a chosen theme and goes back to the page it was chosen on', async () => {
    const res = await call('/api/theme', form({ theme: 'dark', back: '/channels?page=2' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/channels?page=2');
    expect(res.headers.get('Set-Cookie')).toBe('theme=dark; Path=/; SameSite=Lax; Max-Age=31536000');
  });

  it('removes the cookie when the system decides again', async () => {
    const res = await call('/api/theme', form({ theme: 'system', back: '/dashboard' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('Set-Cookie')).toBe('theme=; Path=/; SameSite=Lax; Max-Age=0');
  });

  it('goes home rather than to another site or the API', async () => {
    for (const back of ['https://evil.example/', '//evil.example', '/api/auth/logout', '']) {
      const res = await call('/api/theme', form({ theme: 'light', back }));
      expect(res.status, back).toBe(303);
      expect(res.headers.get('Location'), back).toBe('/');
    }
  });

  it('refuses a theme that is none of the three with a sentence, and sets nothing', async () => {
    for (const body of [
      form({ theme: 'purple' }),
      form({}),
      { body: '{"theme":"dark"}', headers: { 'Content-Type': 'application/json', Origin: LOCAL } },
    ]) {
      const res = await call('/api/theme', body);
      expect(res.status).toBe(400);
      expect(res.headers.get('Set-Cookie')).toBeNull();
      expect(((await res.json()) as { error: string }).error).toBe('The theme must be one of system, light, dark.');
    }
  });

  it('refuses a choice made from another site', async () => {
    const res = await call('/api/theme', {
      ...form({ theme: 'dark' }),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('Set-Cookie')).toBeNull();
  });
});
