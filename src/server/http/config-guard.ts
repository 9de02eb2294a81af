// Refuses every request of a deploy that is missing a required setting, loudly, instead of half-working.
import { type Bindings, configurationProblem } from '../env';
import { log } from '../log/log';

/**
 * A 500 naming the problem (and a log line) when the deploy is misconfigured, else null.
 * Workers have no start-up hook that can refuse, so this runs first in every request.
 * @example const refused = misconfiguredResponse(env); if (refused) return refused;
 */
export function misconfiguredResponse(env: Bindings): Response | null {
  const problem = configurationProblem(env);
  if (!problem) return null;
  log.error('config.invalid', undefined, { message: `Viewdeck is misconfigured and answers every request with 500: ${problem}` });
  return new Response(`Viewdeck is misconfigured: ${problem}\n`, {
    status: 500,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}
