// Success sentences of the account flows (docs/partner-area.md, "Password and e-mail flows").

export const LINK_SENT_MESSAGE = 'Link sent to your email';
/** After /password/change. */
export const PASSWORD_CHANGED_MESSAGE = 'Password was successfully changed';
/** After /invite/confirm: the invited person creates their first password. */
export const PASSWORD_CREATED_MESSAGE = 'Password was successfully created';
/** After /reset-password/confirm: the page titled "Confirm password". */
export const PASSWORD_CONFIRMED_MESSAGE = 'Password was successfully confirmed';
export const EMAIL_CONFIRMED_MESSAGE = 'Email was successfully confirmed';
