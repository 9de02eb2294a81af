// Subscribers are hidden from users limited to in-house channels (docs/partner-area.md, "Who sees what"):
// their pages redirect (route rules), and every subscribers call refuses them here, whatever the page sent.
import type { SessionUser } from '../auth/session-user';
import { forbidden } from '../http/errors';

export const SUBSCRIBERS_HIDDEN_MESSAGE = 'Subscribers are not shown to accounts limited to in-house channels.';

/**
 * Throws 403 for a user limited to in-house channels; a no-op for everyone else.
 * @example requireSubscribers(c.var.user)
 */
export function requireSubscribers(user: SessionUser): void {
  if (user.onlyInhouseChannels) throw forbidden(SUBSCRIBERS_HIDDEN_MESSAGE);
}
