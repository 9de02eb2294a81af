// Password flows: reset through the e-mailed link, and change from the profile. Each test puts the
// account's password back, so the other tests can still sign in with the demo password.
import { expect, test } from '@playwright/test';
import { demoUser, logOut, newOutboxLink, outboxLinks, restorePassword, signIn, submitSignIn } from './helpers';

const network = demoUser('network');
const RESET_TO = 'Reset-pass-42';
const CHANGE_TO = 'Changed-pass-7';
const RESET_PATH = '/reset-password/confirm';

test('reset password checks the address before sending it', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/profile/reset_password')) sent.push(request.postData() ?? '');
  });
  await page.goto('/password/reset');
  const email = page.getByLabel('E-mail');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await email.fill('pat@');
  await email.blur();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Enter a valid e-mail address.')).toBeVisible();
  await page.getByRole('button', { name: 'Reset' }).click();
  // An address with no account gets the same answer and no mail; it shows what one send looks like.
  await email.fill('nobody@demo.viewdeck.example');
  await expect(email).toHaveAttribute('aria-invalid', 'false');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByRole('status')).toHaveText('Link sent to your email');
  expect(sent.map((body) => JSON.parse(body))).toEqual([{ email: 'nobody@demo.viewdeck.example' }]);
});

test.describe('reset password', () => {
  test.afterEach(async ({ request }) => restorePassword(request, network, RESET_TO));

  test('the e-mailed link sets a new password that signs in', async ({ page }) => {
    const before = await outboxLinks(page, network.email, RESET_PATH);
    await page.goto('/password/reset');
    await page.getByLabel('E-mail').fill(network.email);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByRole('status')).toHaveText('Link sent to your email');

    await (await newOutboxLink(page, network.email, RESET_PATH, before)).click();
    await expect(page).toHaveURL(/\/reset-password\/confirm\?key=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm password' })).toBeVisible();

    await page.getByLabel('New password', { exact: true }).fill(RESET_TO);
    await page.getByLabel('Repeat password', { exact: true }).fill(RESET_TO);
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByRole('status')).toHaveText('Password was successfully confirmed');
    // Reset signs every device out, so the way on to the dashboard passes the login screen.
    await expect(page).toHaveURL('/');

    // The old password no longer signs in (through the form once it can send: Enter does nothing before).
    await submitSignIn(page, network.email, network.password);
    await expect(page.getByRole('button', { name: 'Wrong login or password' })).toBeVisible();
    await signIn(page, network.email, RESET_TO);
  });

  test('a used link cannot set a password again', async ({ page }) => {
    const before = await outboxLinks(page, network.email, RESET_PATH);
    await page.goto('/password/reset');
    await page.getByLabel('E-mail').fill(network.email);
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect(page.getByRole('status')).toHaveText('Link sent to your email');
    const href = await (await newOutboxLink(page, network.email, RESET_PATH, before)).getAttribute('href');
    for (const attempt of [1, 2]) {
      await page.goto(href ?? '/');
      await page.getByLabel('New password', { exact: true }).fill(RESET_TO);
      await page.getByLabel('Repeat password', { exact: true }).fill(RESET_TO);
      await page.getByRole('button', { name: 'Save password' }).click();
      if (attempt === 1) await expect(page.getByRole('status')).toHaveText('Password was successfully confirmed');
      else await expect(page.getByRole('alert')).toHaveText('This link is invalid or has expired. Ask for a new one.');
    }
  });
});

test.describe('change password', () => {
  test.afterEach(async ({ request }) => restorePassword(request, network, CHANGE_TO));

  test('from the profile: the rules, then the new password, back on the profile', async ({ page }) => {
    await signIn(page, network.email, network.password);
    await page.goto('/profile');
    await page.getByRole('link', { name: 'Change password' }).click();
    await expect(page).toHaveURL('/password/change?from=profile');
    await expect(page).toHaveTitle('Change password · Viewdeck');

    const current = page.getByLabel('Current password', { exact: true });
    const first = page.getByLabel('New password', { exact: true });
    const second = page.getByLabel('Repeat password', { exact: true });
    const submit = page.getByRole('button', { name: 'Change password' });
    await first.fill(CHANGE_TO);
    await second.fill(CHANGE_TO);
    await submit.click();
    await expect(page.getByText('Enter your current password.')).toBeVisible();
    await expect(current).toHaveAttribute('aria-invalid', 'true');
    await current.fill(`${network.password}x`);
    await submit.click();
    await expect(page.getByText('The current password is wrong.')).toBeVisible();
    await expect(current).toHaveAttribute('aria-invalid', 'true');

    await current.fill(network.password);
    await first.fill('abc12');
    await second.fill('abc12');
    await submit.click();
    await expect(page.getByText('Password must be at least 6 characters (digits and letters)')).toBeVisible();
    await first.fill('abcdefg');
    await second.fill('abcdefg');
    await submit.click();
    await expect(page.getByText('Password must be at least 6 characters (digits and letters)')).toBeVisible();
    await first.fill(CHANGE_TO);
    await second.fill(`${CHANGE_TO}x`);
    await submit.click();
    await expect(page.getByText("Passwords didn't match")).toBeVisible();

    await second.fill(CHANGE_TO);
    await submit.click();
    await expect(page.getByRole('status')).toHaveText('Password was successfully changed');
    await expect(page).toHaveURL('/profile');

    await logOut(page);
    await signIn(page, network.email, CHANGE_TO);
  });

  test('opened directly, success leads to the dashboard', async ({ page }) => {
    await signIn(page, network.email, network.password);
    await page.goto('/password/change');
    await page.getByLabel('Current password', { exact: true }).fill(network.password);
    await page.getByLabel('New password', { exact: true }).fill(CHANGE_TO);
    await page.getByLabel('Repeat password', { exact: true }).fill(CHANGE_TO);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('status')).toHaveText('Password was successfully changed');
    await expect(page).toHaveURL('/dashboard');
  });
});

test('the rule shows from the start and each field is checked as it is typed in, before the button', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/profile/change_password')) sent.push(request.method());
  });
  await signIn(page, network.email, network.password);
  await page.goto('/password/change');
  // The button is enabled once the form has hydrated: the checks run from then on.
  await expect(page.getByRole('button', { name: 'Change password' })).toBeEnabled();
  const first = page.getByLabel('New password', { exact: true });
  const second = page.getByLabel('Repeat password', { exact: true });
  const rule = 'Password must be at least 6 characters (digits and letters)';
  const mismatch = "Passwords didn't match";
  // The rule is the new password's description from the start, nothing typed yet.
  const hint = 'At least 6 characters, with letters and digits; - _ = + ( ) are allowed too.';
  await expect(page.getByText(hint, { exact: true })).toBeVisible();
  await expect(first).toHaveAccessibleDescription(hint);

  // Nothing is judged while the field is being typed in the first time; leaving it shows the rule.
  await first.fill('abc12');
  await expect(page.getByText(rule)).toHaveCount(0);
  await first.press('Tab');
  await expect(page.getByText(rule)).toBeVisible();
  await expect(first).toHaveAttribute('aria-invalid', 'true');
  await expect(first).toHaveAccessibleDescription(`${hint} ${rule}`);
  // From then on every keystroke counts: fixed, the message goes without pressing anything.
  await first.fill('abc12x');
  await expect(page.getByText(rule)).toHaveCount(0);
  await expect(first).toHaveAttribute('aria-invalid', 'false');

  await second.fill('abc12y');
  await second.press('Tab');
  await expect(page.getByText(mismatch)).toBeVisible();
  await expect(second).toHaveAttribute('aria-invalid', 'true');
  await second.fill('abc12x');
  await expect(page.getByText(mismatch)).toHaveCount(0);
  await expect(second).toHaveAttribute('aria-invalid', 'false');
  expect(sent).toEqual([]);

  // The button still checks everything: the current password is missing.
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Enter your current password.')).toBeVisible();
  expect(sent).toEqual([]);
});

test('the invite page shares the form: the rule from the start, checked once a field is left', async ({ page }) => {
  const hint = 'At least 6 characters, with letters and digits; - _ = + ( ) are allowed too.';
  await page.goto('/invite/confirm?key=abc');
  await expect(page.getByRole('button', { name: 'Create password' })).toBeEnabled();
  const first = page.getByLabel('New password', { exact: true });
  await expect(first).toHaveAccessibleDescription(hint);
  await first.fill('abcdefg');
  await first.press('Tab');
  await expect(page.getByText('Password must be at least 6 characters (digits and letters)')).toBeVisible();
  await expect(first).toHaveAttribute('aria-invalid', 'true');
});
