// The bounds of a support ticket (docs/partner-area.md, "Support"): sizes, lengths and how often.
import { MAX_ATTACHMENT_BYTES } from '../../../lib/partner/support-rules';
import { SECONDS_PER_HOUR } from '../../../lib/dates/time';

export { DESCRIPTION_MAX_LENGTH, MAX_ATTACHMENT_BYTES, SUBJECT_MAX_LENGTH } from '../../../lib/partner/support-rules';

/** Room for the text fields (10,000 characters of up to 4 UTF-8 bytes) and the multipart framing. */
const TEXT_AND_FRAMING_BYTES = 64 * 1024;
/** The whole multipart body: past it the upload is cut off with a 413 while it is read. */
export const MAX_TICKET_BODY_BYTES = MAX_ATTACHMENT_BYTES + TEXT_AND_FRAMING_BYTES;

export const REPLY_MAX_LENGTH = 10_000;
/** A stored file name is cut to this many characters (the extension is kept). */
export const FILE_NAME_MAX_LENGTH = 200;

/** Tickets one account may send per hour: a person with a real problem never needs more. */
export const TICKETS_PER_HOUR = 10;
export const TICKET_WINDOW_SECONDS = SECONDS_PER_HOUR;

/** The inbox shows the newest tickets; older ones stay in D1. */
export const INBOX_TICKET_LIMIT = 200;
