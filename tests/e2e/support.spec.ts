// Support: the ticket form's checks and success message; a staff member answers from the inbox and
// the reply reaches the outbox.
import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './axe';
import { demoUser, signIn } from './helpers';

const partner = demoUser('partner');
// The demo analytics user also has the support flag (scripts/demo/generate/people.ts).
const staff = demoUser('analytics');

/** A subject no other run or test uses, so the ticket and its mails can be told apart. */
const uniqueSubject = (what: string) => `${what} ${Math.random().toString(36).slice(2, 10)}`;

/** WCAG AA's least contrast for text under 18.66 px bold (the inbox's status badges are 13 px). */
const AA_SMALL_TEXT = 4.5;

/** WCAG 2's contrast ratio of two opaque CSS colours as getComputedStyle writes them ("rgb(r, g, b)"). */
function contrastRatio(foreground: string, background: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = (colour.match(/\d+(?:\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
      const c = Number(part) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Sends a ticket through the form on /support and waits for the success message. */
async function sendTicket(page: Page, subject: string, description: string) {
  await page.goto('/support');
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Description').fill(description);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status')).toHaveText('Ticket was created!');
}

test('the support form marks missing fields, sends nothing until they are filled, then creates the ticket', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/create_ticket')) sent.push(request.method());
  });
  await signIn(page, partner.email, partner.password);
  await page.goto('/support');
  await expect(page.getByRole('button', { name: 'Send' })).toBeEnabled();
  const email = page.getByLabel('E-mail');
  const subject = page.getByLabel('Subject');
  const description = page.getByLabel('Description');
  await expect(email).toHaveValue(partner.email);

  await subject.focus();
  await subject.blur();
  await expect(subject).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter a subject.')).toBeVisible();
  await expect(description).toHaveAttribute('aria-invalid', 'false');

  await subject.fill('Statement question');
  await expect(description).toHaveAttribute('aria-invalid', 'false');
  // Send, straight from a field holding a bad address, marks it and every field still missing, and sends nothing.
  await email.fill('pat@');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter a valid e-mail address.')).toBeVisible();
  await expect(description).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter a description.')).toBeVisible();
  expect(sent).toEqual([]);

  await email.fill(partner.email);
  await description.fill('The October statement is missing.');
  await page
    .getByLabel('Attachment (optional)')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('row 1\nrow 2\n') });
  await expect(page.getByText('notes.txt', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('status')).toHaveText('Ticket was created!');
  expect(sent).toEqual(['POST']);
  // The form is ready for the next ticket.
  await expect(subject).toHaveValue('');
  await expect(subject).toHaveAttribute('aria-invalid', 'false');
});

test('a staff member replies from the inbox: the reply is kept on the ticket and mailed to its sender', async ({ page }) => {
  const subject = uniqueSubject('Missing channel');
  const reply = `It shows tomorrow (${subject}).`;
  await signIn(page, staff.email, staff.password);
  await sendTicket(page, subject, 'A channel is missing from the filter.');

  await page.goto('/support/inbox');
  const ticket = page.getByRole('article').filter({ has: page.getByRole('heading', { name: subject }) });
  await expect(ticket.getByText('Open', { exact: true })).toBeVisible();
  await expect(ticket.getByText(staff.email).first()).toBeVisible();
  await ticket.getByLabel('Reply').fill(reply);
  await ticket.getByRole('button', { name: 'Send reply' }).click();
  // The page reloads with the reply kept on the ticket.
  await expect(ticket.getByText('Answered', { exact: true })).toBeVisible();
  await expect(ticket.getByText(reply)).toBeVisible();
  // The Answered badge is readable in both themes: its text against its own background, and axe's check of the same.
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const [colour, background] = await ticket
      .getByText('Answered', { exact: true })
      .evaluate((badge) => [getComputedStyle(badge).color, getComputedStyle(badge).backgroundColor]);
    expect(contrastRatio(colour ?? '', background ?? ''), scheme).toBeGreaterThanOrEqual(AA_SMALL_TEXT);
    const contrast = (await axeViolations(page, '.ticket-status-answered')).filter((v) => v.id === 'color-contrast');
    expect(
      contrast.map((v) => v.nodes.map((n) => n.failureSummary).join('; ')),
      scheme,
    ).toEqual([]);
  }

  await page.goto('/dev/outbox');
  const mail = page.getByRole('article').filter({ has: page.getByRole('heading', { name: `Re: ${subject}` }) });
  await expect(mail).toContainText(`To ${staff.email}`);
  await expect(mail).toContainText(reply);
});

test('the inbox is for support staff only', async ({ page }) => {
  await signIn(page, partner.email, partner.password);
  await page.goto('/support/inbox');
  await expect(page).toHaveURL('/dashboard');
});
