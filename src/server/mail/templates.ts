// The texts of the account e-mails; links are built from the public origin by the caller.
import type { MailMessage } from './message';

/** The mail with the password reset link (valid 1 hour). */
export function passwordResetMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Reset your Viewdeck password',
    text: [
      'Someone asked to reset the password of your Viewdeck account.',
      '',
      `To choose a new password, open this link within an hour:\n${link}`,
      '',
      'If it was not you, ignore this message; your password stays as it is.',
    ].join('\n'),
  };
}

/** The invitation with the link to create a password (valid 7 days). */
export function inviteMail(to: string, userName: string, link: string): MailMessage {
  const greeting = userName ? `Hello ${userName},` : 'Hello,';
  return {
    to,
    subject: 'Your Viewdeck account',
    text: [
      greeting,
      '',
      'An account on Viewdeck, the analytics of your channels, has been opened for you.',
      `Create your password within 7 days here:\n${link}`,
    ].join('\n'),
  };
}

/** The confirmation link sent to a new address (valid 24 hours). */
export function emailConfirmMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Confirm your new e-mail address',
    text: [
      'You asked to sign in to Viewdeck with this address.',
      '',
      `To confirm it, open this link within 24 hours:\n${link}`,
      '',
      'Until then you keep signing in with your current address.',
    ].join('\n'),
  };
}

/**
 * To the owner of an address someone else asked to use: their account is untouched, and the one
 * who asked was told nothing about it.
 */
export function emailTakenMail(to: string): MailMessage {
  return {
    to,
    subject: 'Someone asked to use your e-mail address',
    text: [
      'Someone signed in to Viewdeck asked to use this address for their account.',
      '',
      'This address already belongs to your account, so nothing was changed and no one else can use it.',
      'You do not need to do anything. If you keep getting this message, tell your manager.',
    ].join('\n'),
  };
}

/**
 * The sign-in link for a new browser while the account is under attack (valid 15 minutes, only in
 * the browser that asked). Also a warning: it is sent only after the right password.
 */
export function signInLinkMail(to: string, link: string): MailMessage {
  return {
    to,
    subject: 'Your Viewdeck sign-in link',
    text: [
      'Someone signed in to your Viewdeck account with your password from a browser it had not seen.',
      'Many wrong passwords have been tried on this account lately, so a new browser also needs this link.',
      '',
      `If it was you, open this link in that same browser within 15 minutes:\n${link}`,
      '',
      'If it was not you, someone knows your password: change it from your profile, or reset it from the sign-in page.',
    ].join('\n'),
  };
}
