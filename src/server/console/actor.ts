// Who acts in the console: the signed-in staff account, as the audit log records it.
import type { AuditActor } from '../audit/audit-log';
import type { SessionUser } from '../auth/session-user';

/** The audit actor for a staff account (taken from the session, never from the request). */
export const staffActor = (user: SessionUser): AuditActor & { kind: 'staff' } => ({ kind: 'staff', userId: user.id, email: user.email });
