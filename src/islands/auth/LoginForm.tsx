// The login screen's form: sends only when both fields are filled, once; while the server is busy it
// tries again by itself and says so; any other failure raises the toast.
import { useRef, useState, type FormEvent } from 'react';
import { apiPost, ApiError, errorMessage } from '../../client/api';
import { withBusyRetry } from '../../lib/account/busy-retry';
import { useHydrated } from '../shared/use-hydrated';
import { hideToast, showToast } from '../../stores/toast';
import { returnPathFrom } from '../../lib/account/return-path';

export const WRONG_LOGIN_MESSAGE = 'Wrong login or password';
const UNAUTHORIZED = 401;
export const BUSY_RETRYING_MESSAGE = 'The server is busy, retrying…';

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** 401 is the one "Wrong login or password" toast; throttling (429) and other failures carry their own sentence. */
function loginFailureMessage(error: unknown): string {
  return error instanceof ApiError && error.status === UNAUTHORIZED ? WRONG_LOGIN_MESSAGE : errorMessage(error);
}

export default function LoginForm() {
  const [sending, setSending] = useState(false);
  // A ref as well as state: a second Enter before React re-renders must not send a second time.
  const inFlight = useRef(false);
  const [retrying, setRetrying] = useState(false);
  const hydrated = useHydrated();
  const [missing, setMissing] = useState({ login: false, password: false });
  const loginInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    // Read from the form, not from state: what was typed before the island hydrated counts too.
    const fields = new FormData(event.currentTarget);
    const login = String(fields.get('login') ?? '').trim();
    const password = String(fields.get('password') ?? '');
    const empty = { login: login === '', password: password === '' };
    setMissing(empty);
    // With an empty field nothing is sent; point the person at what is missing instead.
    if (empty.login) return loginInput.current?.focus();
    if (empty.password) return passwordInput.current?.focus();
    inFlight.current = true;
    setSending(true);
    hideToast();
    try {
      await withBusyRetry(() => apiPost('/api/auth/login', { login, password }), { wait: pause, onRetry: () => setRetrying(true) });
      // A full page load, so the server renders the signed-in shell straight away; back to the page
      // whose session ended when the address names one (same-origin paths only).
      window.location.assign(returnPathFrom(window.location.search));
    } catch (error) {
      showToast(loginFailureMessage(error));
      inFlight.current = false;
      setSending(false);
      setRetrying(false);
    }
  }

  return (
    <form className="login-form" method="post" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor="login">Login</label>
        <input
          ref={loginInput}
          id="login"
          className="input"
          type="email"
          name="login"
          autoComplete="username"
          aria-invalid={missing.login}
        />
      </div>
      <div className="field">
        <label htmlFor="password">Password</label>
        <input
          ref={passwordInput}
          id="password"
          className="input"
          type="password"
          name="password"
          autoComplete="current-password"
          aria-invalid={missing.password}
        />
      </div>
      <p className="muted" role="status">
        {retrying ? BUSY_RETRYING_MESSAGE : ''}
      </p>
      <div className="form-row">
        <a href="/password/reset">Forgot password?</a>
        <button className="button" type="submit" disabled={!hydrated || sending}>
          Log in
        </button>
      </div>
    </form>
  );
}
