// The download of a ticket's attachment through the Worker: always a download, never shown inline.
import type { StoredAttachment } from './tickets';

/** RFC 5987 form of a UTF-8 file name, plus an ASCII fallback for old clients. */
function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Streams the stored object with its checked type, as an attachment: a stored file can never run
 * as a page of this origin (the security headers add nosniff and a CSP).
 * @example return attachmentResponse(stored, object.body)
 */
export function attachmentResponse(stored: StoredAttachment, body: ReadableStream): Response {
  return new Response(body, {
    headers: {
      'Content-Type': stored.type,
      'Content-Length': String(stored.size),
      'Content-Disposition': contentDisposition(stored.name),
      'Cache-Control': 'private, no-store',
    },
  });
}
