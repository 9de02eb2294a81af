// The support form's bounds, shared by the form (checks before sending) and the server (which enforces them).

const MEBIBYTE = 1024 * 1024;

/** The largest attachment: screenshots, statements and exports fit; videos do not belong in a ticket. */
export const MAX_ATTACHMENT_BYTES = 10 * MEBIBYTE;
export const SUBJECT_MAX_LENGTH = 200;
export const DESCRIPTION_MAX_LENGTH = 10_000;

/** The file endings a ticket accepts; the server also checks that the content is of that kind. */
export const ATTACHMENT_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'pdf', 'txt', 'log', 'csv', 'docx', 'xlsx'] as const;

/**
 * "10 MB" for the limit sentences of the form and the server.
 * @example megabytes(MAX_ATTACHMENT_BYTES) // '10 MB'
 */
export function megabytes(bytes: number): string {
  return `${Math.round((bytes / MEBIBYTE) * 10) / 10} MB`;
}

/**
 * An attachment's size for people: bytes, KB or MB.
 * @example fileSize(2048) // '2 KB'
 */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < MEBIBYTE) return `${Math.ceil(bytes / 1024)} KB`;
  return megabytes(bytes);
}
