import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords';
import {
  PASSWORD_COMMON_MESSAGE,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_RULE_HINT,
  PASSWORD_RULE_MESSAGE,
  checkNewPassword,
  isCommonPassword,
  livePasswordProblem,
  meetsPasswordRule,
} from './password-rule';

describe('meetsPasswordRule', () => {
  it.each(['abc123', 'A1bcde', 'x-_=+()9', 'partner-demo-1', 'Zz9'.repeat(2)])('accepts %s', (p) => {
    expect(meetsPasswordRule(p)).toBe(true);
  });

  it.each([
    ['too short', 'ab12c'],
    ['letters only', 'abcdefgh'],
    ['digits only', '12345678'],
    ['a space', 'abc 1234'],
    ['a symbol outside the set', 'abc123!'],
    ['a non-Latin letter', 'пароль123'],
    ['empty', ''],
  ])('refuses %s', (_, p) => {
    expect(meetsPasswordRule(p)).toBe(false);
  });

  it('refuses a password longer than 128 characters', () => {
    expect(meetsPasswordRule('a1'.repeat(64))).toBe(true);
    expect(meetsPasswordRule(`${'a1'.repeat(64)}b`)).toBe(false);
  });
});

describe('isCommonPassword', () => {
  it('matches regardless of case', () => {
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('QWERTY123')).toBe(true);
    expect(isCommonPassword('bluefinch-47')).toBe(false);
  });

  it('lists only passwords that the rule would otherwise accept', () => {
    const dead = [...COMMON_PASSWORDS].filter((p) => !meetsPasswordRule(p) || p !== p.toLowerCase());
    expect(dead).toEqual([]);
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(200);
  });
});

describe('checkNewPassword', () => {
  it('reports the rule first, then the mismatch, then a common password', () => {
    expect(checkNewPassword('abc', 'xyz')).toBe(PASSWORD_RULE_MESSAGE);
    expect(checkNewPassword('bluefinch47', 'bluefinch48')).toBe(PASSWORD_MISMATCH_MESSAGE);
    expect(checkNewPassword('abc123', 'abc123')).toBe(PASSWORD_COMMON_MESSAGE);
    expect(checkNewPassword('bluefinch47', 'bluefinch47')).toBeNull();
  });

  it('uses the documented wording', () => {
    expect(PASSWORD_RULE_MESSAGE).toBe('Password must be at least 6 characters (digits and letters)');
    expect(PASSWORD_MISMATCH_MESSAGE).toBe("Passwords didn't match");
  });
});

describe('livePasswordProblem', () => {
  const untouched = { password1: false, password2: false };
  const firstLeft = { password1: true, password2: false };
  const bothLeft = { password1: true, password2: true };

  it('says nothing about fields not yet left', () => {
    expect(livePasswordProblem('abc', '', untouched)).toBeNull();
    expect(livePasswordProblem('bluefinch47', 'blue', firstLeft)).toBeNull();
  });

  it('checks the new password once it was left, and clears as soon as it is fixed', () => {
    expect(livePasswordProblem('abc12', '', firstLeft)).toBe('Password must be at least 6 characters (digits and letters)');
    expect(livePasswordProblem('abcdefg', '', firstLeft)).toBe('Password must be at least 6 characters (digits and letters)');
    expect(livePasswordProblem('abc123', '', firstLeft)).toBe(PASSWORD_COMMON_MESSAGE);
    expect(livePasswordProblem('bluefinch47', '', firstLeft)).toBeNull();
  });

  it('checks the repetition once it was left', () => {
    expect(livePasswordProblem('bluefinch47', 'bluefinch4', bothLeft)).toBe("Passwords didn't match");
    expect(livePasswordProblem('bluefinch47', 'bluefinch47', bothLeft)).toBeNull();
    // The repetition left first: the new password is not judged before it was left itself.
    expect(livePasswordProblem('abc', 'abc', { password1: false, password2: true })).toBeNull();
  });

  it('agrees with the check on sending once both fields were left', () => {
    for (const [a, b] of [
      ['abc', 'xyz'],
      ['bluefinch47', 'bluefinch48'],
      ['abc123', 'abc123'],
      ['bluefinch47', 'bluefinch47'],
    ] as const) {
      expect(livePasswordProblem(a, b, bothLeft)).toBe(checkNewPassword(a, b));
    }
  });

  it('states the minimum length of the rule in its hint', () => {
    expect(PASSWORD_RULE_HINT).toBe('At least 6 characters, with letters and digits; - _ = + ( ) are allowed too.');
  });
});
