// The e-mail contact field: edited inline like the others, but saved only with the current password.
import { useRef, useState, type ReactNode } from 'react';
import { EMAIL_MESSAGE, isValidEmail } from '../../lib/email-rule';
import Icon from '../shared/Icon';
import { useHydrated } from '../shared/use-hydrated';
import { useInlineEdit } from './use-inline-edit';

export const CURRENT_PASSWORD_MISSING = 'Enter your current password.';

interface Props {
  value: string;
  /**
   * Asks for the change. Resolves to null when it was made, or to the reason the current password
   * was refused (shown under that field); throws for anything else (the caller has told the person).
   */
  onSave: (email: string, currentPassword: string) => Promise<string | null>;
  note?: ReactNode;
}

const ID = 'profile-email';
const PASSWORD_ID = 'profile-email-password';

export default function EmailField({ value, onSave, note }: Props) {
  const [password, setPassword] = useState('');
  const [passwordProblem, setPasswordProblem] = useState<string | null>(null);
  const hydrated = useHydrated();
  const passwordInput = useRef<HTMLInputElement>(null);

  async function save(email: string): Promise<boolean> {
    if (password === '') {
      setPasswordProblem(CURRENT_PASSWORD_MISSING);
      passwordInput.current?.focus();
      return false;
    }
    const refused = await onSave(email, password);
    setPasswordProblem(refused);
    if (refused) passwordInput.current?.focus();
    return refused === null;
  }

  const { editing, draft, setDraft, saving, problem, editButton, input, startEditing, accept, cancel, onKeyDown } = useInlineEdit({
    value,
    validate: (d) => (isValidEmail(d.trim()) ? null : EMAIL_MESSAGE),
    save,
    onStart: () => {
      setPassword('');
      setPasswordProblem(null);
    },
  });

  if (!editing) {
    return (
      <div className="inline-field">
        <dt>Email</dt>
        <dd>
          <div className="inline-field-view">
            <span className="inline-field-value">{value || '-'}</span>
            {note}
            <button
              ref={editButton}
              type="button"
              className="icon-button"
              onClick={startEditing}
              disabled={!hydrated}
              aria-label="Edit Email"
              title="Edit"
            >
              <Icon name="pencil" />
            </button>
          </div>
        </dd>
      </div>
    );
  }

  return (
    <div className="inline-field">
      <dt>
        <label htmlFor={ID}>Email</label>
      </dt>
      <dd>
        <div className="inline-field-edit">
          <input
            ref={input}
            id={ID}
            className="input"
            type="email"
            autoComplete="email"
            value={draft}
            aria-invalid={problem !== null}
            aria-describedby={`${ID}-problem`}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
          />
          <button type="button" className="icon-button icon-accept" onClick={accept} disabled={saving} aria-label="Save Email" title="Save">
            <Icon name="check" />
          </button>
          <button type="button" className="icon-button" onClick={cancel} aria-label="Cancel editing Email" title="Cancel">
            <Icon name="close" />
          </button>
          <p id={`${ID}-problem`} className="field-error">
            {problem}
          </p>
        </div>
        <div className="inline-field-edit">
          <label htmlFor={PASSWORD_ID}>Current password</label>
          <input
            ref={passwordInput}
            id={PASSWORD_ID}
            className="input"
            type="password"
            autoComplete="current-password"
            value={password}
            aria-invalid={passwordProblem !== null}
            aria-describedby={`${PASSWORD_ID}-problem`}
            onChange={(e) => setPassword(e.target.value)}
            onKeyDown={onKeyDown}
          />
          <p id={`${PASSWORD_ID}-problem`} className="field-error" aria-live="polite">
            {passwordProblem}
          </p>
        </div>
      </dd>
    </div>
  );
}
