// Chooses the mail transport: the outbox table for local runs and tests, the HTTP provider otherwise.
import { type Bindings, getSettings, isLocal } from '../env';
import { unavailable } from '../http/errors';
import type { MailMessage, MailSender } from './message';
import { addToOutbox } from './outbox';

/** Thrown when mail cannot be handed over; routes decide whether the person may learn of it. */
export class MailError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailError';
  }
}

/**
 * Production transport: POST {from, to, subject, text} as JSON with "Authorization: Bearer
 * MAIL_API_KEY" to MAIL_API_URL (the shape Resend's /emails endpoint takes; other providers need a
 * small relay or a different URL). Any 2xx counts as accepted.
 */
async function sendThroughProvider(settings: { url: string; key: string; from: string }, message: MailMessage): Promise<void> {
  const res = await fetch(settings.url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${settings.key}` },
    body: JSON.stringify({ from: settings.from, to: message.to, subject: message.subject, text: message.text }),
  });
  if (!res.ok) throw new MailError(`mail provider answered ${res.status}`);
}

/**
 * What a person is told when an install without a mail provider would send mail: a 503 naming the
 * settings, rather than the 500 a bare error gives. Nothing is sent and the flow stops there.
 */
export const MAIL_NOT_CONFIGURED_MESSAGE =
  'Mail is not configured on this install, so nothing was sent: the operator sets MAIL_API_URL (wrangler.toml [vars]) and the MAIL_API_KEY secret (npx wrangler secret put MAIL_API_KEY); README, "Configuration".';

/** Whether these bindings can send mail: local runs always can (the outbox), production with a provider. */
export function canSendMail(env: Bindings): boolean {
  if (isLocal(env)) return true;
  const { MAIL_API_URL, MAIL_API_KEY } = getSettings(env);
  return Boolean(MAIL_API_URL && MAIL_API_KEY);
}

/**
 * The transport for these bindings.
 * @example await mailerFor(c.env)({ to, subject, text })
 */
export function mailerFor(env: Bindings): MailSender {
  if (isLocal(env)) return (message) => addToOutbox(env.DB, message);
  const { MAIL_API_URL, MAIL_API_KEY, MAIL_FROM } = getSettings(env);
  if (MAIL_API_URL && MAIL_API_KEY) {
    return (message) => sendThroughProvider({ url: MAIL_API_URL, key: MAIL_API_KEY, from: MAIL_FROM }, message);
  }
  return async () => {
    throw unavailable(MAIL_NOT_CONFIGURED_MESSAGE);
  };
}

/** Sends one message with the transport these bindings choose. */
export function sendMail(env: Bindings, message: MailMessage): Promise<void> {
  return mailerFor(env)(message);
}
