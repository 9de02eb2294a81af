// Test data through the same hashing and SQL the product uses; every user gets a unique address.
import { env } from 'cloudflare:test';
import { hashPassword } from '../../src/server/auth/password';
import { type SessionUser, withAccountDefaults } from '../../src/server/auth/session-user';

let sequence = 0;

export interface TestUser {
  id: number;
  email: string;
  password: string | null;
  userName: string;
}

export interface UserOverrides {
  email?: string;
  /** null creates an invited account that has no password yet. */
  password?: string | null;
  userName?: string;
  phone?: string;
  isActive?: boolean;
  showTitle?: boolean;
  showAnalytics?: boolean;
  onlyInhouseChannels?: boolean;
  dashboard?: 'analytics' | null;
  /** Staff who answer support tickets. */
  support?: boolean;
}

/**
 * Inserts a user and returns it with its clear-text password.
 * @example const pat = await createUser({ userName: 'Pat' })
 */
export async function createUser(overrides: UserOverrides = {}): Promise<TestUser> {
  sequence += 1;
  const email = overrides.email ?? `user${sequence}@example.com`;
  const password = overrides.password === undefined ? `bluefinch${sequence}7` : overrides.password;
  const userName = overrides.userName ?? `User ${sequence}`;
  const row = await env.DB.prepare(
    `INSERT INTO users (email, user_name, phone, password_hash, show_title, only_inhouse_channels,
                        show_analytics, dashboard, support, is_active, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      email,
      userName,
      overrides.phone ?? '',
      password === null ? null : await hashPassword(password),
      overrides.showTitle ? 1 : 0,
      overrides.onlyInhouseChannels ? 1 : 0,
      overrides.showAnalytics ? 1 : 0,
      overrides.dashboard ?? null,
      overrides.support ? 1 : 0,
      overrides.isActive === false ? 0 : 1,
      Math.floor(Date.now() / 1000),
    )
    .first<{ id: number }>();
  if (!row) throw new Error('user insert returned no id');
  return { id: row.id, email, password, userName };
}

/**
 * Inserts many active accounts with one password, in one batch and with one hash (a hash per account
 * would take most of a test that needs dozens of them). Each account's name is its address.
 * @example const office = await createUsers(['a@example.com', 'b@example.com'], 'bluefinch30')
 */
export async function createUsers(emails: readonly string[], password: string): Promise<TestUser[]> {
  const hash = await hashPassword(password);
  const createdAt = Math.floor(Date.now() / 1000);
  const inserted = await env.DB.batch<{ id: number }>(
    emails.map((email) =>
      env.DB.prepare(
        'INSERT INTO users (email, user_name, phone, password_hash, is_active, created_at) VALUES (?, ?, ?, ?, 1, ?) RETURNING id',
      ).bind(email, email, '', hash, createdAt),
    ),
  );
  return emails.map((email, i) => {
    const id = inserted[i]?.results[0]?.id;
    if (id === undefined) throw new Error(`user insert for ${email} returned no id`);
    return { id, email, password, userName: email };
  });
}

/**
 * The user as server code sees it once signed in, for calling the stats code directly: createUser's
 * defaults, with what the test created differently given in overrides.
 * @example const sessionUser = sessionUserOf(await createUser(), { showTitle: true })
 */
export function sessionUserOf(user: TestUser, overrides: Partial<Omit<SessionUser, 'id' | 'email'>> = {}): SessionUser {
  return withAccountDefaults({ id: user.id, email: user.email, userName: user.userName, ...overrides });
}

/** Makes manager look after user. */
export async function assignManager(userId: number, managerId: number, isActive = true): Promise<void> {
  await env.DB.prepare('INSERT INTO managers (user_id, manager_id, is_active) VALUES (?, ?, ?)')
    .bind(userId, managerId, isActive ? 1 : 0)
    .run();
}
