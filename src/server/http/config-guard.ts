// Refuses every request of a deploy that is missing a required setting, loudly, instead of half-working.
import { type Bindings, getSettings, isLocal, SettingsError } from '../env';
import { partnerStoreProblem } from '../partner-store';
import { log } from '../log/log';

/** Why this deploy cannot serve, or null: e-mailed links need an origin nobody can forge. */
export function configurationProblem(env: Bindings): string | null {
  const partnerStore = partnerStoreProblem(env);
  if (partnerStore) return partnerStore;
  try {
    getSettings(env);
  } catch (error) {
    if (error instanceof SettingsError) return error.message;
    throw error;
  }
  if (isLocal(env) || getSettings(env).PUBLIC_URL) return null;
  return 'PUBLIC_URL is not set: production needs it for the links in e-mails (wrangler.toml [vars] or the dashboard).';
}

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
