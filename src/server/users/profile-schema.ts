// The profile update request: name and phone only (the e-mail changes through change_email).
import * as z from 'zod';

export const USER_NAME_MAX_LENGTH = 100;
/** E.164 allows up to 15 digits; fewer than 7 is no reachable number anywhere. */
const PHONE_MIN_DIGITS = 7;
const PHONE_MAX_DIGITS = 15;
const PHONE_MAX_LENGTH = 30;
/** Digits with the separators people type: +, spaces, dots, hyphens, parentheses. */
const PHONE_CHARACTERS = /^\+?[0-9 ().-]+$/;

/** True for '' (no phone) or a plausible phone number as typed. */
export function isPlausiblePhone(text: string): boolean {
  if (text === '') return true;
  const digits = text.replace(/\D/g, '').length;
  return text.length <= PHONE_MAX_LENGTH && PHONE_CHARACTERS.test(text) && digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
}

const text = () => z.string({ error: 'Must be text.' }).transform((v) => v.trim());

export const profileUpdateSchema = z
  .object({
    user_name: text()
      .pipe(z.string().min(1, 'Enter your name.').max(USER_NAME_MAX_LENGTH, `Keep the name to ${USER_NAME_MAX_LENGTH} characters.`))
      .optional(),
    phone: text().refine(isPlausiblePhone, 'Enter a phone number such as +1 555 010 2030, or leave it empty.').optional(),
  })
  .refine((body) => body.user_name !== undefined || body.phone !== undefined, 'Send user_name or phone.');
