// The partner's e-mails about their statements: approved (what is owed) and paid (what was sent). Plain
// text, like every mail of the product; the link opens the statement.
import type { PayoutMethod } from '../../lib/api/statements';
import { exactUsd } from '../../lib/statements/money-text';
import type { MailMessage } from '../mail/message';

const METHOD_TEXT: Record<PayoutMethod, string> = { bank_transfer: 'bank transfer', paypal: 'PayPal', check: 'check', other: 'payment' };

export function statementApprovedMail(
  to: string,
  s: { network: string; month: string; owedMicros: number; payable: boolean },
  link: string,
): MailMessage {
  return {
    to,
    subject: `Your ${s.network} statement for ${s.month} is ready`,
    text: [
      `${s.network} approved your revenue-share statement for ${s.month}.`,
      `Owed to you: ${exactUsd(s.owedMicros)}.`,
      s.payable
        ? 'It will be paid as your contract says.'
        : 'It is below your minimum payout (or not above zero): the balance carries over to next month.',
      '',
      `Read it or download it (PDF, xlsx):\n${link}`,
    ].join('\n'),
  };
}

export function statementPaidMail(
  to: string,
  p: {
    network: string;
    month: string;
    amountMicros: number;
    method: PayoutMethod;
    reference: string;
    paidOn: string;
    balanceMicros: number;
  },
  link: string,
): MailMessage {
  return {
    to,
    subject: `${p.network} paid ${exactUsd(p.amountMicros)} for ${p.month}`,
    text: [
      `${p.network} sent you ${exactUsd(p.amountMicros)} by ${METHOD_TEXT[p.method]} on ${p.paidOn}${p.reference ? ` (reference ${p.reference})` : ''}.`,
      `Still owed on this statement: ${exactUsd(p.balanceMicros)}.`,
      '',
      `Your statement:\n${link}`,
    ].join('\n'),
  };
}
