// The e-mail shape check used by the profile, reset and support forms and by the server.

/** RFC 5321 limit on a forward path. */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_MESSAGE = 'Enter a valid e-mail address.';

// The HTML form pattern for type=email, except that the domain must have a dot: a partner's
// address is never on a bare host name, and "name@gmail" is a common slip.
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/**
 * True when the text looks like an e-mail address (surrounding spaces are not trimmed here).
 * @example isValidEmail('pat@example.com') // true
 */
export function isValidEmail(text: string): boolean {
  return text.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(text);
}

/** The form of an address we store and compare: trimmed; case is kept for display. */
export function normalizeEmail(text: string): string {
  return text.trim();
}
