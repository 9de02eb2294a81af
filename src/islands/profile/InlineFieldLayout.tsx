// How an inline contact field looks: the value with a pencil, or the input with accept and cancel.
// The state comes from useInlineEdit, so a field that saves differently (the e-mail) looks the same.
import type { ReactNode, Ref } from 'react';
import Icon from '../shared/Icon';
import { useHydrated } from '../shared/use-hydrated';
import type { useInlineEdit } from './use-inline-edit';

/** What an input is: its id (its problem line's is `${id}-problem`), type and autofill hint. */
export interface InputSpec {
  id: string;
  type: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
}

interface Props {
  input: InputSpec;
  label: string;
  value: string;
  note?: ReactNode;
  edit: ReturnType<typeof useInlineEdit>;
  /** More to fill in while editing, under the input (the e-mail's current password). */
  children?: ReactNode;
}

export default function InlineFieldLayout({ input: spec, label, value, note, edit, children }: Props) {
  const { id } = spec;
  const hydrated = useHydrated();
  const { editing, draft, setDraft, saving, problem, editButton, input, startEditing, accept, cancel, onKeyDown } = edit;

  return (
    <div className="inline-field">
      <dt>{editing ? <label htmlFor={id}>{label}</label> : label}</dt>
      <dd>
        {editing ? (
          <>
            <div className="inline-field-edit">
              <FieldInput spec={spec} inputRef={input} value={draft} problem={problem} onValue={setDraft} onKeyDown={onKeyDown} />
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
            {children}
          </>
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

interface FieldInputProps {
  spec: InputSpec;
  inputRef: Ref<HTMLInputElement>;
  value: string;
  /** Shown in the element with id `${id}-problem`, which the input points to. */
  problem: string | null;
  onValue: (value: string) => void;
  onKeyDown: ReturnType<typeof useInlineEdit>['onKeyDown'];
}

/** An inline field's input, described by its problem line and marked invalid while it has one. */
export function FieldInput({ spec: { id, type, autoComplete }, inputRef, value, problem, onValue, onKeyDown }: FieldInputProps) {
  return (
    <input
      ref={inputRef}
      id={id}
      className="input"
      type={type}
      autoComplete={autoComplete}
      value={value}
      aria-invalid={problem !== null}
      aria-describedby={`${id}-problem`}
      onChange={(e) => onValue(e.target.value)}
      onKeyDown={onKeyDown}
    />
  );
}
