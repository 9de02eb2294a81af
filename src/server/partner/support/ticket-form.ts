// Reads the support form's multipart body: bounded while it streams, every field checked, the file by content.
import * as z from 'zod';
import { EMAIL_MESSAGE, isValidEmail } from '../../../lib/account/email-rule';
import { megabytes } from '../../../lib/partner/support-rules';
import { readLimitedForm } from '../../http/body-limit';
import { badRequest, tooLarge } from '../../http/errors';
import { parseInput } from '../../http/validate';
import { checkAttachment, cleanFileName } from './file-type';
import { DESCRIPTION_MAX_LENGTH, FILE_NAME_MAX_LENGTH, MAX_ATTACHMENT_BYTES, MAX_TICKET_BODY_BYTES, SUBJECT_MAX_LENGTH } from './limits';

const ATTACHMENT_TOO_LARGE = `file: the attachment is larger than ${megabytes(MAX_ATTACHMENT_BYTES)}.`;

const required = (what: string) => `Enter ${what}.`;

export const ticketSchema = z.object({
  email: z.string(required('your e-mail')).trim().refine(isValidEmail, EMAIL_MESSAGE),
  subject: z
    .string(required('a subject'))
    .trim()
    .min(1, required('a subject'))
    .max(SUBJECT_MAX_LENGTH, `At most ${SUBJECT_MAX_LENGTH} characters.`),
  description: z
    .string(required('a description'))
    .trim()
    .min(1, required('a description'))
    .max(DESCRIPTION_MAX_LENGTH, `At most ${DESCRIPTION_MAX_LENGTH.toLocaleString('en-US')} characters.`),
});

export interface TicketAttachmentUpload {
  name: string;
  type: string;
  bytes: Uint8Array;
}

export interface TicketForm {
  email: string;
  subject: string;
  description: string;
  attachment: TicketAttachmentUpload | null;
}

/** A text field's value; a file sent where text belongs is refused. */
function textField(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  if (value === null) return undefined;
  if (typeof value !== 'string') throw badRequest(`${name}: send text, not a file.`);
  return value;
}

/** The optional file: at most one, within the size limit, of an accepted kind by its content. */
async function readAttachment(form: FormData): Promise<TicketAttachmentUpload | null> {
  const files = form.getAll('file');
  if (files.length === 0) return null;
  if (files.length > 1) throw badRequest('file: attach one file at most.');
  const file = files[0]!;
  if (typeof file === 'string') {
    // An empty file input sends an empty text part in some browsers: no attachment.
    if (file === '') return null;
    throw badRequest('file: send the attachment as a file.');
  }
  if (file.size > MAX_ATTACHMENT_BYTES) throw tooLarge(ATTACHMENT_TOO_LARGE);
  const name = cleanFileName(file.name, FILE_NAME_MAX_LENGTH);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const check = checkAttachment(name, bytes);
  if (!check.ok) throw badRequest(`file: ${check.reason}`);
  return { name, type: check.type, bytes };
}

/**
 * The parsed and checked ticket; throws 413 past the size limits and 400 naming a bad field. Nothing
 * is stored here, so a refusal leaves D1 and R2 as they were.
 * @example const ticket = await readTicketForm(c.req.raw)
 */
export async function readTicketForm(request: Request): Promise<TicketForm> {
  const form = await readLimitedForm(request, MAX_TICKET_BODY_BYTES, ATTACHMENT_TOO_LARGE);
  const fields = parseInput(ticketSchema, {
    email: textField(form, 'email'),
    subject: textField(form, 'subject'),
    description: textField(form, 'description'),
  });
  return { ...fields, attachment: await readAttachment(form) };
}
