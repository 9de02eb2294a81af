// One optional file for a ticket, dropped on the zone or picked with the file dialog.
import { useRef, useState, type DragEvent } from 'react';
import { ATTACHMENT_EXTENSIONS, MAX_ATTACHMENT_BYTES, megabytes } from '../../lib/partner/support-rules';

const ACCEPT = ATTACHMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');

/** Why a chosen file cannot be sent, or ''; the server checks the content as well. */
export function attachmentProblem(file: File): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(file.name)?.[1]?.toLowerCase() ?? '';
  if (!(ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext)) return `Attach one of: ${ATTACHMENT_EXTENSIONS.join(', ')}.`;
  if (file.size > MAX_ATTACHMENT_BYTES) return `The file is larger than ${megabytes(MAX_ATTACHMENT_BYTES)}.`;
  return '';
}

interface Props {
  file: File | null;
  onChange: (file: File | null) => void;
  disabled: boolean;
}

export default function AttachmentPicker({ file, onChange, disabled }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const problem = file ? attachmentProblem(file) : '';

  function drop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files;
    // A ticket takes one file: of several dropped, the first is kept.
    if (dropped.length > 0) onChange(dropped[0] ?? null);
  }

  function clear() {
    onChange(null);
    if (input.current) input.current.value = '';
  }

  return (
    <div className="field">
      <label htmlFor="ticket-file">Attachment (optional)</label>
      <div
        className={`drop-zone${over ? ' drop-zone-over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <input
          ref={input}
          id="ticket-file"
          name="file"
          type="file"
          accept={ACCEPT}
          disabled={disabled}
          aria-invalid={problem !== ''}
          aria-describedby="ticket-file-hint ticket-file-error"
          onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        />
        <p id="ticket-file-hint" className="muted drop-hint">
          Drop a file here or choose one: {ATTACHMENT_EXTENSIONS.join(', ')}, up to {megabytes(MAX_ATTACHMENT_BYTES)}.
        </p>
        {file && (
          <p className="drop-file">
            <span className="drop-file-name">{file.name}</span>
            <button className="button button-secondary" type="button" onClick={clear} disabled={disabled}>
              Remove file
            </button>
          </p>
        )}
      </div>
      <p id="ticket-file-error" className="field-error" aria-live="polite">
        {problem}
      </p>
    </div>
  );
}
