// The newest D1 migration this build was made with, so /healthz can tell a database the deploy forgot to migrate.

/** Set at build time from migrations/ (astro.config.mjs, the integration tests' config). */
declare const __LATEST_MIGRATION__: string | undefined;

/** The file name of the newest migration in migrations/ (as d1_migrations records it), or null when unbuilt (astro dev). */
export const EXPECTED_MIGRATION: string | null = typeof __LATEST_MIGRATION__ === 'string' ? __LATEST_MIGRATION__ : null;
