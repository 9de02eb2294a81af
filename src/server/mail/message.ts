// What the flows hand to the mail module: plain-text messages, one recipient each.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/** Delivers one message; flows receive one so they do not care which transport is behind it. */
export type MailSender = (message: MailMessage) => Promise<void>;
