import { describe, expect, it } from 'vitest';
import { assignManager, createUser } from './factories';
import { call, signIn } from './http';
import { errorAnswer } from './error-answer';

describe('profile', () => {
  it('answers the documented fields of the signed-in user', async () => {
    const pat = await createUser({ userName: 'Pat Partner', phone: '+1 555 010 2030', showTitle: true, dashboard: 'analytics' });
    const res = await call('/api/profile/get', { session: await signIn(pat.email, pat.password!) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      data: {
        user_name: 'Pat Partner',
        email: pat.email,
        phone: '+1 555 010 2030',
        new_email: null,
        show_title: true,
        only_inhouse_channels: false,
        show_analytics: false,
        dashboard: 'analytics',
      },
    });
  });

  it('updates name and phone but never the e-mail', async () => {
    const pat = await createUser({ userName: 'Pat', phone: '5550102' });
    const session = await signIn(pat.email, pat.password!);
    const res = await call('/api/profile/update', {
      session,
      body: { user_name: '  Patricia Partner ', phone: '', email: 'hijack@example.com' },
    });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: Record<string, unknown> };
    expect(data).toMatchObject({ user_name: 'Patricia Partner', phone: '', email: pat.email });
    const again = (await (await call('/api/profile/get', { session })).json()) as { data: Record<string, unknown> };
    expect(again.data).toMatchObject({ user_name: 'Patricia Partner', phone: '', email: pat.email });
    const phoneOnly = await call('/api/profile/update', { session, body: { phone: '(020) 7946-0018', user_name: null } });
    expect(((await phoneOnly.json()) as { data: Record<string, unknown> }).data).toMatchObject({
      user_name: 'Patricia Partner',
      phone: '(020) 7946-0018',
    });
  });

  it.each([
    [{ user_name: '' }, 'user_name: Enter your name.'],
    [{ user_name: 'x'.repeat(101) }, 'user_name: Keep the name to 100 characters.'],
    [{ user_name: 5 }, 'user_name: Must be text.'],
    [{ phone: 'call me maybe' }, 'phone: Enter a phone number such as +1 555 010 2030, or leave it empty.'],
    [{ email: 'x@example.com' }, 'Send user_name or phone.'],
  ])('refuses the update %j with a 400', async (body, message) => {
    const pat = await createUser();
    const res = await call('/api/profile/update', { session: await signIn(pat.email, pat.password!), body });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual(errorAnswer(message));
  });

  it("lists the user's own managers only", async () => {
    const [pat, sam, mia, max] = await Promise.all([
      createUser(),
      createUser(),
      createUser({ userName: 'Mia Manager', phone: '+44 20 7946 0018' }),
      createUser({ userName: 'Max Manager' }),
    ]);
    await assignManager(pat.id, mia.id);
    await assignManager(pat.id, max.id, false);
    await assignManager(sam.id, max.id);
    const res = await call('/api/profile/users', { session: await signIn(pat.email, pat.password!) });
    expect(await res.json()).toEqual({
      data: [
        { user_id: mia.id, is_active: true, user_name: 'Mia Manager', email: mia.email, phone: '+44 20 7946 0018' },
        { user_id: max.id, is_active: false, user_name: 'Max Manager', email: max.email, phone: '' },
      ],
    });
  });

  it.each(['/api/profile/get', '/api/profile/users'])('answers %s with 401 when signed out', async (path) => {
    const res = await call(path, { session: 'A'.repeat(43) });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(errorAnswer('Please sign in.'));
  });
});
