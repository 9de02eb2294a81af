// The e-mail contact field: edited inline like the others, but saved only with the current password.
import { useRef, useState, type ReactNode } from 'react';
import { EMAIL_MESSAGE, isValidEmail } from '../../lib/account/email-rule';
import InlineFieldLayout, { FieldInput, type InputSpec } from './InlineFieldLayout';
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

const EMAIL_INPUT: InputSpec = { id: 'profile-email', type: 'email', autoComplete: 'email' };
const PASSWORD_INPUT: InputSpec = { id: 'profile-email-password', type: 'password', autoComplete: 'current-password' };

export default function EmailField({ value, onSave, note }: Props) {
  const [password, setPassword] = useState('');
  const [passwordProblem, setPasswordProblem] = useState<string | null>(null);
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

  const edit = useInlineEdit({
    value,
    validate: (d) => (isValidEmail(d.trim()) ? null : EMAIL_MESSAGE),
    save,
    onStart: () => {
      setPassword('');
      setPasswordProblem(null);
    },
  });

  return (
    <InlineFieldLayout input={EMAIL_INPUT} label="Email" value={value} note={note} edit={edit}>
      <div className="inline-field-edit">
        <label htmlFor={PASSWORD_INPUT.id}>Current password</label>
        <FieldInput
          spec={PASSWORD_INPUT}
          inputRef={passwordInput}
          value={password}
          problem={passwordProblem}
          onValue={setPassword}
          onKeyDown={edit.onKeyDown}
        />
        <p id={`${PASSWORD_INPUT.id}-problem`} className="field-error" aria-live="polite">
          {passwordProblem}
        </p>
      </div>
    </InlineFieldLayout>
  );
}
