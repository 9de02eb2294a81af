// The editing cycle shared by the profile's inline fields: open, type, accept with Enter or the
// check mark, cancel with Escape or the cross, and focus kept where keyboard users expect it.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

interface Options {
  value: string;
  /** The message when the draft cannot be saved; checked on every keystroke. */
  validate?: (draft: string) => string | null;
  /**
   * Saves the trimmed draft. Resolves true to close the field, false to stay open (the field has
   * said why); throws to stay open with the focus back in the input (the caller has told the person).
   */
  save: (draft: string) => Promise<boolean>;
  /** Runs when editing starts, to reset what the field keeps beside the draft. */
  onStart?: () => void;
}

/**
 * State and handlers of one inline field.
 * @example const edit = useInlineEdit({ value, validate, save: async (d) => { await onSave(d); return true; } })
 */
export function useInlineEdit({ value, validate, save, onStart }: Options) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [saving, setSaving] = useState(false);
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
    onStart?.();
    setEditing(true);
  }

  async function accept() {
    // An invalid value shows the error style and accept does nothing.
    if (problem || saving) return;
    if (draft.trim() === value) return setEditing(false);
    setSaving(true);
    try {
      if (await save(draft.trim())) setEditing(false);
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

  const cancel = () => setEditing(false);
  return { editing, draft, setDraft, saving, problem, editButton, input, startEditing, accept, cancel, onKeyDown };
}
