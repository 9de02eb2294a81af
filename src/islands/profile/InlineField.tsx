// One contact field that switches between viewing and editing: pencil to edit, accept or cancel.
import type { ReactNode } from 'react';
import InlineFieldLayout from './InlineFieldLayout';
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
  const edit = useInlineEdit({
    value,
    validate,
    save: async (next) => {
      await onSave(next);
      return true;
    },
  });

  return <InlineFieldLayout input={{ id, type, autoComplete }} label={label} value={value} note={note} edit={edit} />;
}
