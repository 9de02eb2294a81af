// Profile section: name avatar and the contact fields, each edited inline and saved on accept.
import { useState } from 'react';
import { apiPost, errorMessage } from '../../client/api';
import { showToast } from '../../stores/toast';
import EmailField from './EmailField';
import InlineField from './InlineField';

export const EMAIL_PENDING_NOTE = 'Email is not confirmed';
/** The server names the field in its message; the form shows it under that field instead. */
const CURRENT_PASSWORD_PREFIX = 'current_password: ';

export interface ContactDetails {
  userName: string;
  email: string;
  phone: string;
  /** An address waiting for its confirmation link. */
  newEmail: string | null;
}

function initialsOf(name: string, email: string): string {
  const words = (name.trim() || email).split(/[\s@._-]+/).filter(Boolean);
  return (
    words
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase())
      .join('') || '?'
  );
}

/** Runs a save; a failure raises the toast and rethrows so the field stays open. */
async function saving(task: () => Promise<void>): Promise<void> {
  try {
    await task();
  } catch (error) {
    showToast(errorMessage(error));
    throw error;
  }
}

export default function ContactInformation({ initial }: { initial: ContactDetails }) {
  const [saved, setSaved] = useState(initial);

  const saveProfile = (changes: { userName: string; phone: string }) =>
    saving(async () => {
      await apiPost('/api/profile/update', { user_name: changes.userName, phone: changes.phone });
      setSaved((s) => ({ ...s, ...changes }));
    });

  /** null when saved; the reason when the current password was refused; throws (after a toast) otherwise. */
  const saveEmail = async (email: string, currentPassword: string): Promise<string | null> => {
    try {
      const data = await apiPost('/api/profile/change_email', {
        email,
        current_password: currentPassword,
      });
      setSaved((s) => ({ ...s, newEmail: data.new_email }));
      return null;
    } catch (error) {
      const message = errorMessage(error);
      if (message.startsWith(CURRENT_PASSWORD_PREFIX)) return message.slice(CURRENT_PASSWORD_PREFIX.length);
      showToast(message);
      throw error;
    }
  };

  const shownEmail = saved.newEmail ?? saved.email;

  return (
    <div className="contact">
      <div className="contact-identity">
        <span className="avatar avatar-large" aria-hidden="true">
          {initialsOf(saved.userName, saved.email)}
        </span>
        <div>
          <p className="contact-name">{saved.userName || saved.email}</p>
          <p className="muted">{saved.email}</p>
        </div>
      </div>
      <h2>Contact information</h2>
      <dl className="contact-fields">
        <InlineField
          id="profile-name"
          label="Full name"
          value={saved.userName}
          autoComplete="name"
          onSave={(userName) => saveProfile({ userName, phone: saved.phone })}
        />
        <EmailField
          value={shownEmail}
          onSave={saveEmail}
          note={saved.newEmail ? <span className="pending-note">{EMAIL_PENDING_NOTE}</span> : null}
        />
        <InlineField
          id="profile-phone"
          label="Mobile phone"
          type="tel"
          value={saved.phone}
          autoComplete="tel"
          onSave={(phone) => saveProfile({ userName: saved.userName, phone })}
        />
      </dl>
    </div>
  );
}
