import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, isValidEmail, normalizeEmail } from './email-rule';

describe('isValidEmail', () => {
  it.each(['pat@example.com', 'first.last+tag@mail.example.co.uk', "o'neil@example.org", 'A_B@x-y.io'])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    ['no at sign', 'pat.example.com'],
    ['no domain dot', 'pat@example'],
    ['two at signs', 'pat@@example.com'],
    ['a space inside', 'pat smith@example.com'],
    ['surrounding spaces', ' pat@example.com'],
    ['a domain starting with a hyphen', 'pat@-example.com'],
    ['an empty local part', '@example.com'],
    ['empty', ''],
  ])('refuses %s', (_, email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('refuses addresses over the length limit', () => {
    const local = 'a'.repeat(60);
    const domain = `${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(10)}.com`;
    const email = `${local}@${domain}`;
    expect(email.length).toBeGreaterThan(EMAIL_MAX_LENGTH);
    expect(isValidEmail(email)).toBe(false);
    expect(isValidEmail(`${local}@${'b'.repeat(60)}.com`)).toBe(true);
  });
});

describe('normalizeEmail', () => {
  it('trims but keeps case', () => {
    expect(normalizeEmail('  Pat@Example.com \n')).toBe('Pat@Example.com');
  });
});
