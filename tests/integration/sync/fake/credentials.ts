// The credentials the fake Google server accepts; the tests configure the sync with them.
export const FAKE_CREDENTIALS = {
  GOOGLE_CLIENT_ID: 'fake-client-id.apps.googleusercontent.com',
  GOOGLE_CLIENT_SECRET: 'fake-client-secret',
  GOOGLE_REFRESH_TOKEN: 'fake-refresh-token',
  YOUTUBE_API_KEY: 'fake-api-key',
} as const;
