// Two password fields for the create (invite), confirm (reset link) and change password pages; the
// change page also asks for the current password, so a borrowed session cannot change it. The rule shows
// from the start, and each field is checked as it is typed in once it has been left.
import { useEffect, useState, type FocusEvent, type FormEvent } from 'react';
import {
  checkNewPassword,
  livePasswordProblem,
  PASSWORD_MISMATCH_MESSAGE,
  PASSWORD_RULE_HINT,
  type PasswordFieldsLeft,
} from '../../lib/account/password-rule';
import { apiPost, errorMessage } from '../../client/api';
import Banner from '../shared/Banner';
import { useBanner } from '../shared/use-banner';
import { useHydrated } from '../shared/use-hydrated';

/** The server names the field in its message; the form shows it under that field instead. */
const CURRENT_PASSWORD_PREFIX = 'current_password: ';
export const CURRENT_PASSWORD_MISSING = 'Enter your current password.';

/** Long enough to read the success message before the next page opens. */
export const SUCCESS_REDIRECT_MS = 2_000;

export type NewPasswordMode = 'invite' | 'reset' | 'change';

type Endpoint = '/api/invite/confirm' | '/api/profile/reset_password/confirm' | '/api/profile/change_password';

const MODES: Record<NewPasswordMode, { endpoint: Endpoint; success: string; submit: string }> = {
  invite: { endpoint: '/api/invite/confirm', success: 'Password was successfully created', submit: 'Create password' },
  reset: {
    endpoint: '/api/profile/reset_password/confirm',
    success: 'Password was successfully confirmed',
    submit: 'Save password',
  },
  change: { endpoint: '/api/profile/change_password', success: 'Password was successfully changed', submit: 'Change password' },
};

const NONE_LEFT: PasswordFieldsLeft = { password1: false, password2: false };

/** The new password and its repetition as typed (read from the form: what was typed before hydration counts). */
function typed(form: HTMLFormElement): { password1: string; password2: string } {
  const fields = new FormData(form);
  return { password1: String(fields.get('password1') ?? ''), password2: String(fields.get('password2') ?? '') };
}

interface Props {
  mode: NewPasswordMode;
  /** The one-time key from the e-mailed link (invite and reset). */
  linkKey?: string;
  /** Where to go after success: /profile when the person came from there, else /dashboard. */
  next: string;
}

export default function NewPasswordForm({ mode, linkKey, next }: Props) {
  const [problem, setProblem] = useState<string | null>(null);
  const [left, setLeft] = useState<PasswordFieldsLeft>(NONE_LEFT);
  const [currentProblem, setCurrentProblem] = useState<string | null>(null);
  const [state, setState] = useState<'editing' | 'sending' | 'done'>('editing');
  const { banner, showBanner, clearBanner } = useBanner();
  const hydrated = useHydrated();
  const { endpoint, success, submit } = MODES[mode];

  useEffect(() => {
    if (state !== 'done') return;
    const timer = setTimeout(() => window.location.assign(next), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state, next]);

  /** A keystroke in either field: checked against the fields already left. */
  function recheck(event: FormEvent<HTMLFormElement>) {
    const { password1, password2 } = typed(event.currentTarget);
    setProblem(livePasswordProblem(password1, password2, left));
  }

  /** Leaving a field with something in it starts its checks. */
  function leave(event: FocusEvent<HTMLFormElement>) {
    // React types a bubbled event's target as the form; it is the field that lost focus.
    const field: EventTarget = event.target;
    const name = field instanceof HTMLInputElement ? field.name : '';
    if (name !== 'password1' && name !== 'password2') return;
    const values = typed(event.currentTarget);
    if (values[name] === '' || left[name]) return;
    const next = { ...left, [name]: true };
    setLeft(next);
    setProblem(livePasswordProblem(values.password1, values.password2, next));
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read from the form, not from state: what was typed before the island hydrated counts too.
    const fields = new FormData(event.currentTarget);
    const password1 = String(fields.get('password1') ?? '');
    const password2 = String(fields.get('password2') ?? '');
    const currentPassword = mode === 'change' ? String(fields.get('current_password') ?? '') : null;
    const message = checkNewPassword(password1, password2);
    const missingCurrent = currentPassword === '' ? CURRENT_PASSWORD_MISSING : null;
    // Once sent, both fields are checked as they change.
    setLeft({ password1: true, password2: true });
    setProblem(message);
    setCurrentProblem(missingCurrent);
    if (message || missingCurrent) return;
    setState('sending');
    clearBanner();
    try {
      // The change page proves the person with the current password, the link pages with the link's key.
      if (endpoint === '/api/profile/change_password') {
        await apiPost(endpoint, { current_password: currentPassword ?? '', password1, password2 });
      } else {
        await apiPost(endpoint, { key: linkKey ?? '', password1, password2 });
      }
      showBanner('success', success);
      setState('done');
    } catch (error) {
      const text = errorMessage(error);
      if (text.startsWith(CURRENT_PASSWORD_PREFIX)) setCurrentProblem(text.slice(CURRENT_PASSWORD_PREFIX.length));
      else showBanner('error', text);
      setState('editing');
    }
  }

  return (
    <form method="post" onSubmit={send} onChange={recheck} onBlur={leave} noValidate>
      <Banner banner={banner} />
      {mode === 'change' && (
        <div className="field">
          <label htmlFor="current_password">Current password</label>
          <input
            id="current_password"
            name="current_password"
            className="input"
            type="password"
            autoComplete="current-password"
            aria-invalid={currentProblem !== null}
            aria-describedby="current-password-problem"
          />
          <p id="current-password-problem" className="field-error" aria-live="polite">
            {currentProblem}
          </p>
        </div>
      )}
      <div className="field">
        <label htmlFor="password1">New password</label>
        <input
          id="password1"
          name="password1"
          className="input"
          type="password"
          autoComplete="new-password"
          aria-invalid={problem !== null && problem !== PASSWORD_MISMATCH_MESSAGE}
          aria-describedby="password-hint password-problem"
        />
        <p id="password-hint" className="field-hint">
          {PASSWORD_RULE_HINT}
        </p>
      </div>
      <div className="field">
        <label htmlFor="password2">Repeat password</label>
        <input
          id="password2"
          name="password2"
          className="input"
          type="password"
          autoComplete="new-password"
          aria-invalid={problem === PASSWORD_MISMATCH_MESSAGE}
          aria-describedby="password-problem"
        />
      </div>
      <p id="password-problem" className="field-error" aria-live="polite">
        {problem}
      </p>
      <button className="button button-wide" type="submit" disabled={!hydrated || state !== 'editing'}>
        {submit}
      </button>
    </form>
  );
}
