// Request schemas of the sign-in and account-link calls; failures become 400s naming the field.
import * as z from 'zod';
import { EMAIL_MESSAGE, isValidEmail, normalizeEmail } from '../../lib/account/email-rule';

/** The longest key we read; issued keys are 43 characters. */
const KEY_MAX_LENGTH = 200;
/** Far beyond any real login or password: longer input is refused before any lookup or hashing. */
const INPUT_MAX_LENGTH = 1024;

/** A required string field with messages a person can act on. */
export function requiredText(what: string) {
  return z.string({
    error: (issue) => (issue.input === undefined ? `Enter ${what}.` : 'Must be text.'),
  });
}

const notBlank = (what: string) => requiredText(what).refine((v) => v.trim() !== '', `Enter ${what}.`);

export const emailField = requiredText('your e-mail address').transform(normalizeEmail).refine(isValidEmail, EMAIL_MESSAGE);

export const loginSchema = z.object({
  login: notBlank('your login').pipe(z.string().max(INPUT_MAX_LENGTH, 'This login is too long.')),
  password: notBlank('your password').pipe(z.string().max(INPUT_MAX_LENGTH, 'This password is too long.')),
});

/** The two new-password fields; the rule itself is checked after parsing, with the rule's own messages. */
const newPasswordFields = {
  password1: notBlank('a password').pipe(z.string().max(INPUT_MAX_LENGTH, 'This password is too long.')),
  password2: notBlank('the password again').pipe(z.string().max(INPUT_MAX_LENGTH, 'This password is too long.')),
};

/** The signed-in person's password, asked again before changes that a stolen session must not make. */
const currentPasswordField = notBlank('your current password').pipe(z.string().max(INPUT_MAX_LENGTH, 'This password is too long.'));

const keyField = notBlank('the key from the e-mailed link').pipe(z.string().max(KEY_MAX_LENGTH, 'This key is too long.'));

export const changePasswordSchema = z.object({ current_password: currentPasswordField, ...newPasswordFields });
export const changeEmailSchema = z.object({ email: emailField, current_password: currentPasswordField });
export const keyedPasswordSchema = z.object({ key: keyField, ...newPasswordFields });
export const emailSchema = z.object({ email: emailField });
export const keySchema = z.object({ key: keyField });
