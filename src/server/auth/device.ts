// Known devices: a browser that signed in to an account gets a random cookie; D1 keeps its SHA-256.
import { first, run, statement } from '../db/query';
import { raw } from '../db/sql';
import { hashToken, isTokenShaped, newToken } from './token';
import { SECONDS_PER_DAY } from '../../lib/dates/time';

export const DEVICE_COOKIE = 'vd_device';
/** A device stays known this long after its last good sign-in (longer than any session lasts). */
export const DEVICE_TTL_SECONDS = 365 * SECONDS_PER_DAY;

/** The stored hash of a device token that is known for this user, or null. */
export async function knownDeviceHash(db: D1Database, token: string | null, userId: number | null, now: number): Promise<string | null> {
  if (!token || userId === null || !isTokenShaped(token)) return null;
  const tokenHash = await hashToken(token);
  const row = await first<{ tokenHash: string }>(
    db,
    raw(
      'SELECT token_hash FROM known_devices WHERE token_hash = ? AND user_id = ? AND last_sign_in_at > ?',
      tokenHash,
      userId,
      now - DEVICE_TTL_SECONDS,
    ),
  );
  return row?.tokenHash ?? null;
}

/**
 * After a good sign-in: keeps the browser's device token when it is already known for this user,
 * else issues a new one. Returns the token to set in the cookie.
 */
export async function rememberDevice(
  db: D1Database,
  input: { userId: number; knownHash: string | null; token: string | null; now: number },
): Promise<string> {
  if (input.knownHash && input.token) {
    await run(db, raw('UPDATE known_devices SET last_sign_in_at = ? WHERE token_hash = ?', input.now, input.knownHash));
    return input.token;
  }
  const token = newToken();
  await db.batch([
    statement(db, raw('DELETE FROM known_devices WHERE last_sign_in_at <= ?', input.now - DEVICE_TTL_SECONDS)),
    statement(
      db,
      raw(
        'INSERT INTO known_devices (token_hash, user_id, created_at, last_sign_in_at) VALUES (?, ?, ?, ?)',
        await hashToken(token),
        input.userId,
        input.now,
        input.now,
      ),
    ),
  ]);
  return token;
}
