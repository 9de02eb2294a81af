// The password rule (README, "Accounts and security"), shared by the password pages and the server that enforces it.
import { COMMON_PASSWORDS } from './common-passwords';

export const PASSWORD_MIN_LENGTH = 6;
/** The longest password accepted; PBKDF2 cost grows with input, and nobody types more. */
export const PASSWORD_MAX_LENGTH = 128;

export const PASSWORD_RULE_MESSAGE = 'Password must be at least 6 characters (digits and letters)';
export const PASSWORD_MISMATCH_MESSAGE = "Passwords didn't match";
export const PASSWORD_COMMON_MESSAGE = 'This password is too common; choose another.';
/** The rule as the password forms show it from the start, before anything is typed. */
export const PASSWORD_RULE_HINT = `At least ${PASSWORD_MIN_LENGTH} characters, with letters and digits; - _ = + ( ) are allowed too.`;

/** Letters, digits and - _ = + ( ) only. */
const ALLOWED = /^[A-Za-z0-9\-_=+()]+$/;

/**
 * True when the password has 6+ allowed characters with at least one letter and one digit.
 * @example meetsPasswordRule('abc123') // true
 */
export function meetsPasswordRule(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    ALLOWED.test(password) &&
    /[A-Za-z]/.test(password) &&
    /[0-9]/.test(password)
  );
}

/** True for passwords found near the top of published breach lists (case-insensitive). */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}

/**
 * The message to show for a new password and its repetition, or null when it can be used.
 * @example checkNewPassword('abc12x', 'abc12y') // "Passwords didn't match"
 */
export function checkNewPassword(password1: string, password2: string): string | null {
  if (!meetsPasswordRule(password1)) return PASSWORD_RULE_MESSAGE;
  if (password1 !== password2) return PASSWORD_MISMATCH_MESSAGE;
  if (isCommonPassword(password1)) return PASSWORD_COMMON_MESSAGE;
  return null;
}

/** The new-password fields a person has left with something typed (a blur), or every field once the form was sent. */
export interface PasswordFieldsLeft {
  password1: boolean;
  password2: boolean;
}

/**
 * The message to show while the person types: nothing about a field before it has been left once, then
 * checked on every keystroke, so a mistake shows (and clears) before the button is pressed.
 * @example livePasswordProblem('abc12', '', { password1: true, password2: false }) // the rule message
 */
export function livePasswordProblem(password1: string, password2: string, left: PasswordFieldsLeft): string | null {
  if (left.password1 && !meetsPasswordRule(password1)) return PASSWORD_RULE_MESSAGE;
  if (left.password2 && password1 !== password2) return PASSWORD_MISMATCH_MESSAGE;
  if (left.password1 && isCommonPassword(password1)) return PASSWORD_COMMON_MESSAGE;
  return null;
}
