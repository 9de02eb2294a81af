// The migrations a network's store applies: the product's own series (migrations/), in order.

/** The name of the table in which a store records the migrations it applied. */
export const MIGRATIONS_TABLE = 'store_migrations';

export interface StoreMigration {
  /** The file name, e.g. 0004_partner_stats.sql: the key an object records once applied. */
  name: string;
  sql: string;
}

/**
 * Migrations in file-name order from a map of path to SQL text (what a bundler's glob gives).
 * @example migrationsFrom({ '/migrations/0002_b.sql': '...', '/migrations/0001_a.sql': '...' })[0].name // '0001_a.sql'
 */
export function migrationsFrom(files: Record<string, string>): StoreMigration[] {
  return Object.entries(files)
    .map(([path, sql]) => ({ name: path.slice(path.lastIndexOf('/') + 1), sql }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
