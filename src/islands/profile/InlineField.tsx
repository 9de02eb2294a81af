// One contact field that switches between viewing and editing: pencil to edit, accept or cancel.
import type { ReactNode } from 'react';
import Icon from '../shared/Icon';
import { useHydrated } from '../shared/use-hydrated';
import { useInlineEdit } from './use-inline-edit';

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
  const hydrated = useHydrated();
  const { editing, draft, setDraft, saving, problem, editButton, input, startEditing, accept, cancel, onKeyDown } = useInlineEdit({
    value,
    validate,
    save: async (next) => {
      await onSave(next);
      return true;
    },
  });

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
            <button
              type="button"
              className="icon-button icon-accept"
              onClick={accept}
              disabled={saving}
              aria-label={`Save ${label}`}
              title="Save"
            >
              <Icon name="check" />
            </button>
            <button type="button" className="icon-button" onClick={cancel} aria-label={`Cancel editing ${label}`} title="Cancel">
              <Icon name="close" />
            </button>
            <p id={`${id}-problem`} className="field-error">
              {problem}
            </p>
          </div>
        ) : (
          <div className="inline-field-view">
            <span className="inline-field-value">{value || '-'}</span>
            {note}
            <button
              ref={editButton}
              type="button"
              className="icon-button"
              onClick={startEditing}
              disabled={!hydrated}
              aria-label={`Edit ${label}`}
              title="Edit"
            >
              <Icon name="pencil" />
            </button>
          </div>
        )}
      </dd>
    </div>
  );
}
