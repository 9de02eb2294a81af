// A ticket's reply form and Close button in the support inbox; the page reloads to show what was kept.
import { useState, type FormEvent } from 'react';
import { apiPostTo, errorMessage, leaveIfSignedOut } from '../../client/api';
import type { TicketStatus, TicketStatusAnswer } from '../../lib/api/support';
import Banner from '../shared/Banner';
import { useBanner } from '../shared/use-banner';
import { useHydrated } from '../shared/use-hydrated';

interface Props {
  ticketId: number;
  status: TicketStatus;
}

export default function TicketActions({ ticketId, status }: Props) {
  const [text, setText] = useState('');
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const { banner, showBanner } = useBanner();
  const hydrated = useHydrated();
  const missing = checked && text.trim() === '';
  const fieldId = `reply-${ticketId}`;

  async function post(action: 'reply' | 'close', replyText = '') {
    setBusy(true);
    try {
      await apiPostTo<TicketStatusAnswer>(
        `/api/support/tickets/${ticketId}/${action}`,
        action === 'reply' ? { text: replyText.trim() } : {},
      );
      window.location.reload();
    } catch (error) {
      if (leaveIfSignedOut(error)) return;
      showBanner('error', errorMessage(error));
      setBusy(false);
    }
  }

  function reply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read from the form, not from state: what was typed before the island hydrated counts too.
    const typed = String(new FormData(event.currentTarget).get('reply') ?? '');
    setText(typed);
    setChecked(true);
    if (typed.trim() === '' || busy) return;
    void post('reply', typed);
  }

  return (
    <form className="support-form" method="post" onSubmit={reply} noValidate>
      <Banner banner={banner} />
      <div className="field">
        <label htmlFor={fieldId}>Reply</label>
        {/* Uncontrolled: text typed before the island hydrated stays in the box, and the form is read on send. */}
        <textarea
          id={fieldId}
          className="input"
          rows={4}
          name="reply"
          required
          aria-invalid={missing}
          aria-describedby={`${fieldId}-error`}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => setChecked(text !== '' || checked)}
        />
        <p id={`${fieldId}-error`} className="field-error" aria-live="polite">
          {missing ? 'Enter the reply.' : ''}
        </p>
      </div>
      <div className="ticket-actions">
        {/* As on the ticket form: the field's blur must not move the button before the click lands. */}
        <button className="button" type="submit" disabled={!hydrated || busy} onMouseDown={(e) => e.preventDefault()}>
          Send reply
        </button>
        {status !== 'closed' && (
          <button className="button button-secondary" type="button" disabled={!hydrated || busy} onClick={() => void post('close')}>
            Close ticket
          </button>
        )}
      </div>
    </form>
  );
}
