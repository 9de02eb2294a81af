// Reset password: an e-mail address, checked on change and blur; the link arrives by e-mail.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { EMAIL_MESSAGE, isValidEmail, normalizeEmail } from '../../lib/account/email-rule';
import { apiPost, errorMessage } from '../../client/api';
import Banner from '../shared/Banner';
import { useBanner } from '../shared/use-banner';
import { useHydrated } from '../shared/use-hydrated';

export const RESET_SENT_MESSAGE = 'Link sent to your email';

export default function PasswordResetForm() {
  const [email, setEmail] = useState('');
  // The error shows from the first blur (or send) on, then follows every change.
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  // The input is uncontrolled, so an address typed before hydration is kept; pick it up here.
  useEffect(() => setEmail(input.current?.value ?? ''), []);
  const { banner, showBanner, clearBanner } = useBanner();
  const valid = isValidEmail(normalizeEmail(email));
  const showError = checked && !valid;

  async function send(event: FormEvent) {
    event.preventDefault();
    setChecked(true);
    // The button does nothing while the address is empty or invalid.
    if (!valid || sending) return;
    setSending(true);
    clearBanner();
    try {
      const data = await apiPost('/api/profile/reset_password', { email: normalizeEmail(email) });
      showBanner('success', data?.message || RESET_SENT_MESSAGE);
    } catch (error) {
      showBanner('error', errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <form method="post" onSubmit={send} noValidate>
      <Banner banner={banner} />
      <div className="field">
        <label htmlFor="reset-email">E-mail</label>
        <input
          ref={input}
          id="reset-email"
          name="email"
          className="input"
          type="email"
          autoComplete="email"
          aria-invalid={showError}
          aria-describedby="reset-email-error"
          onChange={(e) => setEmail(e.target.value)}
          onBlur={() => setChecked(email !== '' || checked)}
        />
        <p id="reset-email-error" className="field-error" aria-live="polite">
          {showError ? EMAIL_MESSAGE : ''}
        </p>
      </div>
      <button className="button button-wide" type="submit" disabled={!hydrated || sending}>
        Reset
      </button>
    </form>
  );
}
