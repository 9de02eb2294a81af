// SQL for what a user may see and open: the show_title, in-house-only and show_analytics flags (docs/partner-area.md, "Who sees what").
import { run, statement } from '../db/query';
import { raw } from '../db/sql';

export interface UserFlags {
  showTitle: boolean;
  onlyInhouseChannels: boolean;
  showAnalytics: boolean;
}

const flagsUpdate = (userId: number, flags: UserFlags) =>
  raw(
    'UPDATE users SET show_title = ?, only_inhouse_channels = ?, show_analytics = ? WHERE id = ?',
    Number(flags.showTitle),
    Number(flags.onlyInhouseChannels),
    Number(flags.showAnalytics),
    userId,
  );

/** Sets the three flags of a user at once. */
export async function setUserFlags(db: D1Database, userId: number, flags: UserFlags): Promise<void> {
  await run(db, flagsUpdate(userId, flags));
}

/** The UPDATE of the three flags, for a batch that writes more (the audit row). */
export function userFlagsStatement(db: D1Database, userId: number, flags: UserFlags): D1PreparedStatement {
  return statement(db, flagsUpdate(userId, flags));
}

/**
 * Makes the account staff (it opens the operator console, /admin). Only ever grants: taking it away
 * is the console's, so inviting a staff member again never demotes them.
 */
export function grantStaffStatement(db: D1Database, userId: number): D1PreparedStatement {
  return statement(db, raw('UPDATE users SET staff = 1 WHERE id = ?', userId));
}

/**
 * Gives or takes away the support flag (the support inbox); false when no account has that address.
 * @example await setSupportFlag(db, 'sam@example.com', true)
 */
export async function setSupportFlag(db: D1Database, email: string, support: boolean): Promise<boolean> {
  return (await run(db, raw('UPDATE users SET support = ? WHERE email = ?', Number(support), email))) === 1;
}

/** Every flag an operator sets, the roles (support inbox, operator console) with the rest. */
export interface AccountFlags extends UserFlags {
  support: boolean;
  staff: boolean;
}

/** The UPDATE of all five flags of a user, for a batch with its audit row. */
export function accountFlagsStatement(db: D1Database, userId: number, flags: AccountFlags): D1PreparedStatement {
  return statement(
    db,
    raw(
      'UPDATE users SET show_title = ?, only_inhouse_channels = ?, show_analytics = ?, support = ?, staff = ? WHERE id = ?',
      Number(flags.showTitle),
      Number(flags.onlyInhouseChannels),
      Number(flags.showAnalytics),
      Number(flags.support),
      Number(flags.staff),
      userId,
    ),
  );
}
