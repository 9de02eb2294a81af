// Support tests: the form as the browser sends it, sample files, and what D1 and R2 hold.
import { env } from 'cloudflare:test';
import { call } from '../http';

export const TICKET = {
  email: 'pat.reply@example.com',
  subject: 'Payment question',
  description: 'Last month looks low.\nCould you check?',
};

/** The first bytes of a PNG file, then some data: what the content check reads. */
export const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3]);

/** The multipart body of the support form. */
export function ticketForm(fields: Partial<Record<keyof typeof TICKET, string>> = TICKET, file?: File): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set('file', file);
  return form;
}

/** POSTs a ticket form as the signed-in session. */
export function sendTicket(session: string | undefined, form: FormData): Promise<Response> {
  return call('/api/create_ticket', { body: form, ...(session === undefined ? {} : { session }) });
}

export interface StoredTicketRow {
  id: number;
  user_id: number;
  email: string;
  subject: string;
  description: string;
  status: string;
  attachment_key: string | null;
  attachment_name: string | null;
  attachment_size: number | null;
  attachment_type: string | null;
}

/** Every ticket row, oldest first. */
export async function ticketRows(): Promise<StoredTicketRow[]> {
  const { results } = await env.DB.prepare('SELECT * FROM support_tickets ORDER BY id').all<StoredTicketRow>();
  return results;
}

/** The keys of every object in the FILES bucket. */
export async function storedKeys(): Promise<string[]> {
  return (await env.FILES.list()).objects.map((o) => o.key);
}
