// The store applies the product's migrations in file order, whatever order the bundler lists them in.
import { describe, expect, it } from 'vitest';
import { migrationsFrom } from './migrations';

describe('migrationsFrom', () => {
  it('names each migration by its file and orders by name', () => {
    const list = migrationsFrom({ '../../migrations/0010_b.sql': 'B', '/x/migrations/0002_a.sql': 'A', 'migrations/0100_c.sql': 'C' });
    expect(list).toEqual([
      { name: '0002_a.sql', sql: 'A' },
      { name: '0010_b.sql', sql: 'B' },
      { name: '0100_c.sql', sql: 'C' },
    ]);
  });
});
