// Demo sign-ins, the staff managers who look after them, and a few support tickets.
import { DEMO_USERS, type DemoRole } from '../users';
import type { Context } from './calendar';
import { unixSeconds } from './dates';
import { SECONDS_PER_DAY } from '../../../src/lib/dates/time';
import { createRng, int } from './prng';
import type { ManagerRecord, SupportTicketRecord, UserRecord } from './records';

/**
 * What each demo role may do (users columns); the channels they see come from grants. The analytics
 * user is Viewdeck's own staff, so it also answers support tickets (the partner's are in its inbox); the
 * operator is a staff account of the operator console.
 */
const ROLE_FLAGS: Record<
  DemoRole,
  Pick<UserRecord, 'showTitle' | 'onlyInhouseChannels' | 'showAnalytics' | 'dashboard' | 'support' | 'staff'>
> = {
  partner: { showTitle: 1, onlyInhouseChannels: 0, showAnalytics: 1, dashboard: null, support: 0, staff: 0 },
  network: { showTitle: 1, onlyInhouseChannels: 0, showAnalytics: 1, dashboard: null, support: 0, staff: 0 },
  inhouse: { showTitle: 0, onlyInhouseChannels: 1, showAnalytics: 0, dashboard: null, support: 0, staff: 0 },
  analytics: { showTitle: 1, onlyInhouseChannels: 0, showAnalytics: 1, dashboard: 'analytics', support: 1, staff: 0 },
  operator: { showTitle: 0, onlyInhouseChannels: 0, showAnalytics: 0, dashboard: null, support: 0, staff: 1 },
};

const STAFF = [
  { userName: 'Mira Kovacs', email: 'mira.kovacs@viewdeck.example', phone: '+44 20 7946 0321' },
  { userName: 'Tomas Reyes', email: 'tomas.reyes@viewdeck.example', phone: '+1 415 555 0142' },
] as const;

/** Which staff members (by index in STAFF) look after each role. */
const MANAGED_BY: Record<DemoRole, readonly number[]> = {
  partner: [0, 1],
  network: [0],
  inhouse: [1],
  analytics: [0],
  operator: [1],
};

export interface People {
  users: UserRecord[];
  managers: ManagerRecord[];
  /** User id per demo role. */
  roleUserId: Record<DemoRole, number>;
}

/** Demo users first (ids 1..5 in DEMO_USERS order), then the managers without passwords. */
export function generatePeople(ctx: Context): People {
  const createdAt = unixSeconds(ctx.calendar.firstFactDay) - 30 * SECONDS_PER_DAY;
  const users: UserRecord[] = DEMO_USERS.map((demo, index) => ({
    id: index + 1,
    email: demo.email,
    userName: demo.userName,
    phone: '',
    password: demo.password,
    ...ROLE_FLAGS[demo.role],
    isActive: 1,
    createdAt,
  }));
  const staffIds = STAFF.map((staff, index) => {
    const id = DEMO_USERS.length + index + 1;
    users.push({
      id,
      ...staff,
      password: null,
      showTitle: 0,
      onlyInhouseChannels: 0,
      showAnalytics: 0,
      dashboard: null,
      support: 0,
      staff: 0,
      isActive: 1,
      createdAt: createdAt - 365 * SECONDS_PER_DAY,
    });
    return id;
  });
  const roleUserId = Object.fromEntries(DEMO_USERS.map((demo, index) => [demo.role, index + 1])) as Record<DemoRole, number>;
  const managers = DEMO_USERS.flatMap((demo) =>
    MANAGED_BY[demo.role].map((staff): ManagerRecord => ({
      userId: roleUserId[demo.role],
      managerId: staffIds[staff] ?? 0,
      isActive: 1,
    })),
  );
  return { users, managers, roleUserId };
}

const TICKETS = [
  {
    subject: 'Payment for last month',
    description: 'The finance figure for last month differs from our statement. Could you check it?',
  },
  {
    subject: 'Channel missing from the dashboard',
    description: 'A channel we added last week does not show in the channel filter yet.',
  },
  { subject: 'Export to XLS', description: 'Could the details export include the country column as well?' },
];

/** A short history of tickets from the partner user, without attachments (those live in R2). */
export function generateSupportTickets(ctx: Context, people: People): SupportTicketRecord[] {
  const rng = createRng(ctx.seed, 'support');
  const userId = people.roleUserId.partner;
  const email = people.users.find((user) => user.id === userId)?.email ?? '';
  return TICKETS.map((ticket, index) => ({
    id: index + 1,
    userId,
    email,
    ...ticket,
    attachmentKey: null,
    attachmentName: null,
    attachmentSize: null,
    attachmentType: null,
    createdAt: unixSeconds(ctx.calendar.today - int(rng, 3, 120), int(rng, 8, 18)),
  }));
}
