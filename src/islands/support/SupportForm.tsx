// The support ticket form (docs/partner-area.md, "Support"): e-mail, subject, description, one optional file.
import { useState, type FormEvent } from 'react';
import { apiPostTo, errorMessage, leaveIfSignedOut } from '../../client/api';
import { normalizeEmail } from '../../lib/account/email-rule';
import { TICKET_CREATED_MESSAGE, type TicketCreatedAnswer } from '../../lib/api/support';
import Banner from '../shared/Banner';
import { useBanner } from '../shared/use-banner';
import { useHydrated } from '../shared/use-hydrated';
import AttachmentPicker, { attachmentProblem } from './AttachmentPicker';
import { useTicketFields, type TicketField } from './use-ticket-fields';

interface Props {
  /** The account's address, offered as the contact; replies go to the account's address whatever is typed. */
  email: string;
}

const LABELS: Record<TicketField, string> = { email: 'E-mail', subject: 'Subject', description: 'Description' };

export default function SupportForm({ email }: Props) {
  const fields = useTicketFields(email);
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const { banner, showBanner, clearBanner } = useBanner();
  const hydrated = useHydrated();

  async function send(event: FormEvent) {
    event.preventDefault();
    // Missing or invalid fields are marked and nothing is sent.
    if (!fields.checkAll() || (file && attachmentProblem(file)) || sending) return;
    const form = new FormData();
    form.set('email', normalizeEmail(fields.values.email));
    form.set('subject', fields.values.subject.trim());
    form.set('description', fields.values.description.trim());
    if (file) form.set('file', file);
    setSending(true);
    clearBanner();
    try {
      const answer = await apiPostTo<TicketCreatedAnswer>('/api/create_ticket', form);
      showBanner('success', answer.message || TICKET_CREATED_MESSAGE);
      fields.reset();
      setFile(null);
      // A new key remounts the file input, which cannot be emptied from React otherwise.
      setFormKey((k) => k + 1);
    } catch (error) {
      if (leaveIfSignedOut(error)) return;
      showBanner('error', errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  const input = (field: TicketField) => {
    const error = fields.errorOf(field);
    const common = {
      id: `ticket-${field}`,
      name: field,
      className: 'input',
      required: true,
      value: fields.values[field],
      'aria-invalid': error !== '',
      'aria-describedby': `ticket-${field}-error`,
      onChange: (e: { target: { value: string } }) => fields.set(field, e.target.value),
      onBlur: () => fields.blur(field),
    };
    return (
      <div className="field">
        <label htmlFor={common.id}>{LABELS[field]}</label>
        {field === 'description' ? (
          <textarea {...common} rows={8} />
        ) : (
          <input {...common} type={field === 'email' ? 'email' : 'text'} autoComplete={field === 'email' ? 'email' : 'off'} />
        )}
        <p id={`ticket-${field}-error`} className="field-error" aria-live="polite">
          {error}
        </p>
      </div>
    );
  };

  return (
    <form className="support-form" method="post" onSubmit={send} noValidate>
      <Banner banner={banner} />
      {input('email')}
      {input('subject')}
      {input('description')}
      <AttachmentPicker key={formKey} file={file} onChange={setFile} disabled={sending} />
      {/* Focus stays in the field on press: its blur would mark it and move the form under the
          pointer before the click lands. Send checks every field anyway. */}
      <button className="button" type="submit" disabled={!hydrated || sending} onMouseDown={(e) => e.preventDefault()}>
        Send
      </button>
    </form>
  );
}
