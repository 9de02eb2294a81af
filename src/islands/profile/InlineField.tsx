// One contact field that switches between viewing and editing: pencil to edit, accept or cancel.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import Icon from '../shared/Icon';
import { useHydrated } from '../shared/use-hydrated';

interface Props {
  id: string;
  label: string;
  value: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  /** The message when the draft cannot be saved; checked on every keystroke. */
  validate?: (draft: string) => string | null;
  /** Saves the draft; throws to stay in editing (the caller has told the person why). */
  onSave: (draft: string) => Promise<void>;
  note?: ReactNode;
}

export default function InlineField({ id, label, value, type = 'text', autoComplete, validate, onSave, note }: Props) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [saving, setSaving] = useState(false);
  const hydrated = useHydrated();
  const editButton = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const wasEditing = useRef(false);
  const problem = editing && validate ? validate(draft) : null;

  // Keyboard users land where they were: the input on opening, the pencil on closing.
  useEffect(() => {
    if (editing) input.current?.focus();
    else if (wasEditing.current) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  function startEditing() {
    setDraft(value);
    setEditing(true);
  }

  async function accept() {
    // Spec: an invalid value shows the error style and accept does nothing.
    if (problem || saving) return;
    if (draft.trim() === value) return setEditing(false);
    setSaving(true);
    try {
      await onSave(draft.trim());
      setEditing(false);
    } catch {
      input.current?.focus();
    } finally {
      setSaving(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      void accept();
    } else if (event.key === 'Escape') {
      setEditing(false);
    }
  }

  return (
    <div className="inline-field">
      <dt>{editing ? <label htmlFor={id}>{label}</label> : label}</dt>
      <dd>
        {editing ? (
          <div className="inline-field-edit">
            <input
              ref={input}
              id={id}
              className="input"
              type={type}
              autoComplete={autoComplete}
              value={draft}
              aria-invalid={problem !== null}
              aria-describedby={`${id}-problem`}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={onKeyDown}
            />
            <button type="button" className="icon-button icon-accept" onClick={accept} disabled={saving} aria-label={`Save ${label}`} title="Save">
              <Icon name="check" />
            </button>
            <button type="button" className="icon-button" onClick={() => setEditing(false)} aria-label={`Cancel editing ${label}`} title="Cancel">
              <Icon name="close" />
            </button>
            <p id={`${id}-problem`} className="field-error">{problem}</p>
          </div>
        ) : (
          <div className="inline-field-view">
            <span className="inline-field-value">{value || '-'}</span>
            {note}
            <button ref={editButton} type="button" className="icon-button" onClick={startEditing} disabled={!hydrated} aria-label={`Edit ${label}`} title="Edit">
              <Icon name="pencil" />
            </button>
          </div>
        )}
      </dd>
    </div>
  );
}
