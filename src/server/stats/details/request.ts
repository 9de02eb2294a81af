// A details request: the stat request of its filters, with the subscribers rules of the breakdowns.
import type { SessionUser } from '../../auth/session-user';
import type { DetailsGroup, DetailsTopField } from '../../../lib/api/details';
import { forbidden } from '../../http/errors';
import { type ResolveOptions, resolveRequest, type StatRequest } from '../request';
import type { StatFiltersInput } from '../schema';
import { requireSubscribers } from '../subscribers-access';

export interface DetailsRequestInput extends StatFiltersInput {
  top_field: DetailsTopField;
  group: DetailsGroup;
}

/**
 * Scopes a details body to the session user. Titles need show_title (403, like the breakdowns). On the
 * subscribers details the in-house channel is left out (as the Subscribers lists do) and so are the UGC
 * channels (their rows are hidden on subs), in every figure, so the totals are the sums of the rows.
 * Subscribers are refused (403) to a user limited to in-house channels.
 * @example const request = resolveDetails(c.var.user, body)
 */
export function resolveDetails(
  user: SessionUser,
  input: DetailsRequestInput,
  options: Pick<ResolveOptions, 'today'> & { subscribers?: boolean } = {},
): StatRequest {
  if (input.group === 'titles' && !user.showTitle) throw forbidden('Titles are not enabled for your account.');
  const subscribers = input.top_field === 'subscribers' || options.subscribers === true;
  if (subscribers) requireSubscribers(user);
  return resolveRequest(user, input, { today: options.today, excludeInhouse: subscribers, excludeUgc: subscribers });
}
