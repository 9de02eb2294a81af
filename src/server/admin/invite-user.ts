// An operator's invitation (POST /api/admin/users/invite, `npm run admin -- invite | create-admin`):
// the account, its flags and staff role, the audit row, then the link mailed or handed back.
import { type AuditActor, auditStatement } from '../audit/audit-log';
import { nowSeconds } from '../auth/expiry';
import { issueInvite, mailInvite } from '../auth/invite';
import type { Bindings } from '../env';
import { unavailable } from '../http/errors';
import { canSendMail, MAIL_NOT_CONFIGURED_MESSAGE, MailError, mailerFor } from '../mail/send';
import { grantStaffStatement, type UserFlags, userFlagsStatement } from '../users/flags';

export interface InviteInput {
  email: string;
  userName: string;
  flags: UserFlags;
  /** Makes the account staff (the operator console); never takes it away. */
  staff: boolean;
  /** Hands the link back instead of mailing it (the install may have no mail yet). */
  printLink: boolean;
}

export interface InviteAnswer {
  user_id: number;
  created: boolean;
  expires_at: number;
  staff: boolean;
  /** True when the link went by mail; false when it is in `link` and nothing was mailed. */
  mailed: boolean;
  link?: string;
}

/** How to get the link without mail, added to every mail refusal of an invitation. */
const PRINT_LINK_HINT =
  'Or print the link instead: npm run admin -- invite <email> --name "…" --print-link (create-admin always prints it).';

/**
 * Invites a person as an operator asked. Without mail on the install and without `printLink` it
 * refuses with a 503 naming the settings before writing anything: an account nobody can reach is
 * worse than none. The account, flags, staff role and audit row land before the mail goes; when the
 * provider then refuses, the 503 says the account is there and that running it again retires this link.
 * @example const answer = await inviteUser(env, { email, userName, flags, staff: true, printLink: true }, origin, { kind: 'token' })
 */
export async function inviteUser(env: Bindings, input: InviteInput, origin: string, actor: AuditActor): Promise<InviteAnswer> {
  if (!input.printLink && !canSendMail(env)) throw unavailable(`${MAIL_NOT_CONFIGURED_MESSAGE} ${PRINT_LINK_HINT}`);
  const db = env.DB;
  const invite = await issueInvite(db, { email: input.email, userName: input.userName, origin });
  const delivery = input.printLink ? 'link' : 'mail';
  await db.batch([
    userFlagsStatement(db, invite.userId, input.flags),
    ...(input.staff ? [grantStaffStatement(db, invite.userId)] : []),
    auditStatement(db, {
      actor,
      action: input.staff ? 'user.create_admin' : 'user.invite',
      target: input.email,
      detail: {
        created: invite.created,
        delivery,
        show_title: input.flags.showTitle,
        only_inhouse_channels: input.flags.onlyInhouseChannels,
        show_analytics: input.flags.showAnalytics,
      },
      at: nowSeconds(),
    }),
  ]);
  const answer = { user_id: invite.userId, created: invite.created, expires_at: invite.expiresAt, staff: input.staff };
  if (input.printLink) return { ...answer, mailed: false, link: invite.link };
  try {
    await mailInvite(mailerFor(env), input, invite);
  } catch (error) {
    if (!(error instanceof MailError)) throw error;
    throw unavailable(
      `The account ${input.email} is ready (user ${invite.userId}) but the invitation was not sent: ${error.message}. Run the invite again once mail works (the new link retires this one). ${PRINT_LINK_HINT}`,
    );
  }
  return { ...answer, mailed: true };
}
