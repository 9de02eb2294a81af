// A file that finds a previous file's rows starts from the migrated, empty database.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { createUser } from './factories';
import { emptyDatabase, leftFromAnotherFile } from './fresh-start';

const count = async (table: string) => (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())?.n;

describe('a fresh start after rows were left behind', () => {
  it('finds an account left behind and empties every table but the reference lists', async () => {
    expect(await leftFromAnotherFile(env.DB)).toBe(false);
    const countries = await count('countries');
    const user = await createUser();
    await env.DB.prepare("INSERT INTO networks (slug, name, is_partner, created_at) VALUES ('left', 'Left', 1, 1767225600)").run();
    await env.DB.prepare('INSERT INTO network_grants (user_id, network_id, created_at) SELECT ?, id, created_at FROM networks')
      .bind(user.id)
      .run();
    expect(await leftFromAnotherFile(env.DB)).toBe(true);
    await emptyDatabase(env.DB);
    expect(await leftFromAnotherFile(env.DB)).toBe(false);
    expect([await count('users'), await count('networks'), await count('network_grants')]).toEqual([0, 0, 0]);
    expect(await count('countries')).toBe(countries);
    expect(countries).toBeGreaterThan(200);
    // The same account can be created again: what failed thirty tests before.
    await createUser({ email: user.email });
  });
});
