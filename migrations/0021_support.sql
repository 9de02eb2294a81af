-- Support inbox: the staff who answer tickets (users.support), where each ticket stands, and the
-- replies sent from the inbox, kept on the ticket.

-- Staff who read and answer support tickets (the inbox at /support/inbox); set with `npm run admin -- support`.
ALTER TABLE users ADD COLUMN support INTEGER NOT NULL DEFAULT 0 CHECK (support IN (0, 1));

-- open until staff reply (answered, also after a reply to a closed ticket); closed by staff.
ALTER TABLE support_tickets ADD COLUMN status TEXT NOT NULL DEFAULT 'open'
  CHECK (status IN ('open', 'answered', 'closed'));

-- A reply e-mailed from the inbox to the ticket's address; the author is the staff member.
CREATE TABLE support_replies (
  id INTEGER PRIMARY KEY,
  ticket_id INTEGER NOT NULL REFERENCES support_tickets (id) ON DELETE CASCADE,
  author_id INTEGER REFERENCES users (id) ON DELETE SET NULL,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX support_replies_by_ticket ON support_replies (ticket_id, created_at);

-- The inbox lists every ticket, newest first.
CREATE INDEX support_tickets_by_time ON support_tickets (created_at);
