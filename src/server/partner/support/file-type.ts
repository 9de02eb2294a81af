// Which attachments a ticket takes, decided by the file's content (magic bytes), not by its name alone.

/** A kind of file support accepts: the name endings it may carry and how its content is recognised. */
interface AttachmentKind {
  label: string;
  type: string;
  extensions: readonly string[];
  matches: (bytes: Uint8Array) => boolean;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((ch) => ch.charCodeAt(0));

/** A ZIP archive holding an Office document: every OOXML package lists [Content_Types].xml. */
function isOfficePackage(bytes: Uint8Array, folder: string): boolean {
  if (!startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return false;
  // latin1 maps every byte to one character, so a byte search is a string search.
  const text = new TextDecoder('latin1').decode(bytes);
  return text.includes('[Content_Types].xml') && text.includes(folder);
}

/** Text a person can open: valid UTF-8 without NUL characters (binary files have them). */
function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

export const ATTACHMENT_KINDS: readonly AttachmentKind[] = [
  { label: 'a PNG image', type: 'image/png', extensions: ['png'], matches: (b) => startsWith(b, [0x89, ...ascii('PNG\r\n\x1a\n')]) },
  { label: 'a JPEG image', type: 'image/jpeg', extensions: ['jpg', 'jpeg'], matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  {
    label: 'a GIF image',
    type: 'image/gif',
    extensions: ['gif'],
    matches: (b) => startsWith(b, ascii('GIF87a')) || startsWith(b, ascii('GIF89a')),
  },
  {
    label: 'a WebP image',
    type: 'image/webp',
    extensions: ['webp'],
    matches: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
  },
  { label: 'a PDF document', type: 'application/pdf', extensions: ['pdf'], matches: (b) => startsWith(b, ascii('%PDF-')) },
  { label: 'a text file', type: 'text/plain; charset=utf-8', extensions: ['txt', 'log'], matches: isPlainText },
  { label: 'a CSV file', type: 'text/csv; charset=utf-8', extensions: ['csv'], matches: isPlainText },
  {
    label: 'a Word document',
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
    matches: (b) => isOfficePackage(b, 'word/'),
  },
  {
    label: 'an Excel workbook',
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['xlsx'],
    matches: (b) => isOfficePackage(b, 'xl/'),
  },
];

/** What the form and the refusals list as accepted. */
export const ACCEPTED_EXTENSIONS = ATTACHMENT_KINDS.flatMap((kind) => kind.extensions);

export type AttachmentCheck = { ok: true; type: string } | { ok: false; reason: string };

/**
 * The stored type of an attachment, or why it is refused: the name's ending picks the kind, and
 * the content must be that kind (a .png holding text is refused).
 * @example checkAttachment('shot.png', bytes) // { ok: true, type: 'image/png' }
 */
export function checkAttachment(name: string, bytes: Uint8Array): AttachmentCheck {
  const extension = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  const kind = ATTACHMENT_KINDS.find((k) => k.extensions.includes(extension));
  if (!kind) {
    return { ok: false, reason: `attach one of these file types: ${ACCEPTED_EXTENSIONS.join(', ')}.` };
  }
  if (bytes.byteLength === 0) return { ok: false, reason: 'the file is empty.' };
  if (!kind.matches(bytes)) return { ok: false, reason: `the content of the file is not ${kind.label}, as its name says.` };
  return { ok: true, type: kind.type };
}

/**
 * The name kept for the download: no folders, no control characters, at most maxLength characters
 * with the ending kept.
 * @example cleanFileName('C:\\shots\\a.png', 200) // 'a.png'
 */
export function cleanFileName(name: string, maxLength: number): string {
  // eslint-disable-next-line no-control-regex
  const base = (name.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (base.length <= maxLength) return base || 'attachment';
  const dot = base.lastIndexOf('.');
  const ending = dot > 0 && base.length - dot <= 10 ? base.slice(dot) : '';
  return base.slice(0, maxLength - ending.length) + ending;
}
