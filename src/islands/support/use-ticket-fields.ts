// The support form's field rules: required fields marked from their first blur (or a send) on.
import { useState } from 'react';
import { EMAIL_MESSAGE, isValidEmail, normalizeEmail } from '../../lib/account/email-rule';
import { DESCRIPTION_MAX_LENGTH, SUBJECT_MAX_LENGTH } from '../../lib/partner/support-rules';

export type TicketField = 'email' | 'subject' | 'description';
export type TicketValues = Record<TicketField, string>;

/** The message under a field, or '' when it is fine. */
export function fieldError(field: TicketField, value: string): string {
  const text = field === 'email' ? normalizeEmail(value) : value.trim();
  if (field === 'email') return text === '' ? 'Enter your e-mail.' : isValidEmail(text) ? '' : EMAIL_MESSAGE;
  if (text === '') return field === 'subject' ? 'Enter a subject.' : 'Enter a description.';
  const max = field === 'subject' ? SUBJECT_MAX_LENGTH : DESCRIPTION_MAX_LENGTH;
  return text.length > max ? `At most ${max.toLocaleString('en-US')} characters.` : '';
}

/**
 * Values, which fields show their error, and a check of all of them for sending.
 * @example const fields = useTicketFields(email); if (!fields.checkAll()) return;
 */
export function useTicketFields(initialEmail: string) {
  const [values, setValues] = useState<TicketValues>({ email: initialEmail, subject: '', description: '' });
  const [touched, setTouched] = useState<Record<TicketField, boolean>>({ email: false, subject: false, description: false });

  const set = (field: TicketField, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const blur = (field: TicketField) => setTouched((t) => ({ ...t, [field]: true }));
  const errorOf = (field: TicketField) => (touched[field] ? fieldError(field, values[field]) : '');
  /** Marks every field and says whether the form may be sent. */
  const checkAll = () => {
    setTouched({ email: true, subject: true, description: true });
    return (['email', 'subject', 'description'] as const).every((f) => fieldError(f, values[f]) === '');
  };
  const reset = () => {
    setValues((v) => ({ email: v.email, subject: '', description: '' }));
    setTouched({ email: false, subject: false, description: false });
  };
  return { values, set, blur, errorOf, checkAll, reset };
}
