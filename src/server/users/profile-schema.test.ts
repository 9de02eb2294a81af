import { describe, expect, it } from 'vitest';
import { isPlausiblePhone, profileUpdateSchema } from './profile-schema';

describe('isPlausiblePhone', () => {
  it.each(['', '+1 555 010 2030', '(020) 7946-0018', '+44.20.7946.0018', '5550102'])('accepts %j', (p) => {
    expect(isPlausiblePhone(p)).toBe(true);
  });

  it.each(['phone', '12345', '+1 555 010 2030 ext 4', '1234567890123456', '++15550102030', '555-0102#'])('refuses %j', (p) => {
    expect(isPlausiblePhone(p)).toBe(false);
  });
});

describe('profileUpdateSchema', () => {
  it('trims and keeps only name and phone', () => {
    const parsed = profileUpdateSchema.parse({ user_name: ' Pat ', phone: ' +1 555 010 2030 ', email: 'x@y.z' });
    expect(parsed).toEqual({ user_name: 'Pat', phone: '+1 555 010 2030' });
  });

  it('names the field that is wrong', () => {
    const blank = profileUpdateSchema.safeParse({ user_name: '   ' });
    expect(blank.success ? null : blank.error.issues[0]?.path).toEqual(['user_name']);
    const long = profileUpdateSchema.safeParse({ user_name: 'x'.repeat(101) });
    expect(long.success ? null : long.error.issues[0]?.message).toBe('Keep the name to 100 characters.');
    expect(profileUpdateSchema.safeParse({ user_name: 'x'.repeat(100) }).success).toBe(true);
    const phone = profileUpdateSchema.safeParse({ phone: 'call me' });
    expect(phone.success ? null : phone.error.issues[0]?.path).toEqual(['phone']);
  });

  it('refuses a body with neither field', () => {
    expect(profileUpdateSchema.safeParse({ email: 'x@y.z' }).success).toBe(false);
  });
});
