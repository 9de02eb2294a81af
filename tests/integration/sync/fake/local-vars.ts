// The settings that point a local worker's YouTube connections at the fake (cli.ts prints them, the
// browser tests' server passes them with --var).
import { FAKE_CREDENTIALS } from './credentials';

/** Vars for a fake namespace at `base` (e.g. http://127.0.0.1:8790/t/local). */
export function fakeGoogleVars(base: string): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: FAKE_CREDENTIALS.GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: FAKE_CREDENTIALS.GOOGLE_CLIENT_SECRET,
    GOOGLE_OAUTH_AUTHORIZE_URL: `${base}/oauth/authorize`,
    GOOGLE_OAUTH_TOKEN_URL: `${base}/token`,
    GOOGLE_OAUTH_REVOKE_URL: `${base}/revoke`,
    GOOGLE_USERINFO_URL: `${base}/userinfo`,
    YOUTUBE_REPORTING_URL: `${base}/reporting/v1`,
    YOUTUBE_DATA_URL: `${base}/data/v3`,
  };
}
