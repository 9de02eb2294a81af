// Profile: inline editing of the contact fields, the e-mail change with its confirmation link, and
// the managers table. Each test puts the account back as it found it.
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { ProfileAnswer as Profile } from '../../src/lib/api/account';
import { demoUser, newOutboxLink, outboxKey, outboxLinks, postIdempotent, signIn } from './helpers';

async function getProfile(request: APIRequestContext): Promise<Profile> {
  const response = await request.get('/api/profile/get');
  expect(response.ok()).toBe(true);
  return (await response.json()).data as Profile;
}

test('the full name is edited inline, saved, and still there after a reload', async ({ page }) => {
  const partner = demoUser('partner');
  await signIn(page, partner.email, partner.password);
  const before = await getProfile(page.request);
  const renamed = `${before.user_name} Jr`;
  try {
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Full name' }).click();
    const input = page.getByLabel('Full name', { exact: true });
    await expect(input).toBeFocused();
    await input.fill('Someone Else');
    await page.getByRole('button', { name: 'Cancel editing Full name' }).click();
    await expect(page.getByRole('definition').filter({ hasText: before.user_name })).toHaveCount(1);

    await page.getByRole('button', { name: 'Edit Full name' }).click();
    await page.getByLabel('Full name', { exact: true }).fill(renamed);
    await page.getByRole('button', { name: 'Save Full name' }).click();
    await expect(page.getByRole('button', { name: 'Edit Full name' })).toBeFocused();
    await expect(page.getByRole('definition').filter({ hasText: renamed })).toHaveCount(1);

    await page.reload();
    await expect(page.getByRole('definition').filter({ hasText: renamed })).toHaveCount(1);
    await expect(page.getByRole('link', { name: `Profile: ${renamed}` })).toBeVisible();
    expect((await getProfile(page.request)).user_name).toBe(renamed);
  } finally {
    await postIdempotent(page.request, '/api/profile/update', { user_name: before.user_name, phone: before.phone });
  }
});

test('the mobile phone is saved with Enter and an empty one shows a dash', async ({ page }) => {
  const partner = demoUser('partner');
  await signIn(page, partner.email, partner.password);
  const before = await getProfile(page.request);
  try {
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Mobile phone' }).click();
    await page.getByLabel('Mobile phone', { exact: true }).fill('');
    await page.getByLabel('Mobile phone', { exact: true }).press('Enter');
    await expect(page.getByRole('button', { name: 'Edit Mobile phone' })).toBeVisible();
    await page.reload();
    const phoneRow = page.locator('.inline-field').filter({ hasText: 'Mobile phone' });
    await expect(phoneRow.getByRole('definition')).toHaveText('-');

    await page.getByRole('button', { name: 'Edit Mobile phone' }).click();
    await page.getByLabel('Mobile phone', { exact: true }).fill('+44 20 7946 0000');
    await page.getByLabel('Mobile phone', { exact: true }).press('Enter');
    // The field leaves editing once the save is answered; reloading before that would cancel it.
    await expect(page.getByRole('button', { name: 'Edit Mobile phone' })).toBeVisible();
    await page.reload();
    await expect(phoneRow.getByRole('definition')).toHaveText('+44 20 7946 0000');
  } finally {
    await postIdempotent(page.request, '/api/profile/update', { user_name: before.user_name, phone: before.phone });
  }
});

test('a new e-mail waits for its link, which confirms it', async ({ page }) => {
  const inhouse = demoUser('inhouse');
  const changed = inhouse.email.replace('@', '+new@');
  await signIn(page, inhouse.email, inhouse.password);
  const before = await outboxLinks(page, changed, '/email/confirm');
  try {
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Email' }).click();
    const input = page.getByLabel('Email', { exact: true });
    await input.fill('not-an-address');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Save Email' }).click();
    await expect(input).toBeVisible();

    await input.fill(changed);
    await expect(input).toHaveAttribute('aria-invalid', 'false');
    // The current password is asked for, so a borrowed session cannot move the account away.
    await page.getByRole('button', { name: 'Save Email' }).click();
    const current = page.getByLabel('Current password', { exact: true });
    await expect(current).toBeFocused();
    await expect(page.getByText('Enter your current password.')).toBeVisible();
    await current.fill(inhouse.password);
    await current.press('Enter');
    await expect(page.getByText('Email is not confirmed')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Email is not confirmed')).toBeVisible();
    expect((await getProfile(page.request)).new_email).toBe(changed);

    // Clicked in the same, signed-in browser: the confirmation page must open, not bounce.
    await (await newOutboxLink(page, changed, '/email/confirm', before)).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm Email' })).toBeVisible();
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('status')).toHaveText('Email was successfully confirmed');
    await page.getByRole('link', { name: 'Go to profile' }).click();
    await expect(page.getByText('Email is not confirmed')).toHaveCount(0);
    const profile = await getProfile(page.request);
    expect([profile.email, profile.new_email]).toEqual([changed, null]);
  } finally {
    await restoreEmail(page.request, inhouse.email, inhouse.password);
  }
});

/** Changes the signed-in account's address back and confirms it, leaving no pending address. */
async function restoreEmail(request: APIRequestContext, email: string, password: string): Promise<void> {
  const profile = await getProfile(request);
  if (profile.email === email && profile.new_email === null) return;
  // Only a confirmation clears a pending address: take a detour through another one.
  if (profile.email === email) await changeAndConfirm(request, email.replace('@', '+restore@'), password);
  await changeAndConfirm(request, email, password);
}

async function changeAndConfirm(request: APIRequestContext, email: string, password: string): Promise<void> {
  const data = { email, current_password: password };
  expect((await request.post('/api/profile/change_email', { data })).ok()).toBe(true);
  const key = await outboxKey(request, email, '/email/confirm');
  expect((await request.post('/api/profile/change_email/confirm', { data: { key } })).ok()).toBe(true);
}

test('the responsible managers table shows a dash for what is missing', async ({ page }) => {
  const partner = demoUser('partner');
  await signIn(page, partner.email, partner.password);
  const managers = (await (await page.request.get('/api/profile/users')).json()).data as Array<{
    user_name: string;
    email: string;
    phone: string;
  }>;
  expect(managers.length, 'the demo partner has managers').toBeGreaterThan(0);
  await page.goto('/profile');
  const table = page.getByRole('region', { name: 'Responsible managers' }).getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Email', 'Phone']);
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(managers.length);
  for (const [index, manager] of managers.entries()) {
    const expected = [manager.user_name || '-', manager.email || '-', manager.phone || '-'];
    await expect(rows.nth(index).getByRole('cell')).toHaveText(expected);
  }
});

test('a wrong current password is shown under its field, and the address stays as it was', async ({ page }) => {
  const inhouse = demoUser('inhouse');
  await signIn(page, inhouse.email, inhouse.password);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Email' }).click();
  await page.getByLabel('Email', { exact: true }).fill(inhouse.email.replace('@', '+other@'));
  const current = page.getByLabel('Current password', { exact: true });
  await current.fill(`${inhouse.password}x`);
  await page.getByRole('button', { name: 'Save Email' }).click();
  await expect(page.getByText('The current password is wrong.')).toBeVisible();
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(current).toBeFocused();
  await page.getByRole('button', { name: 'Cancel editing Email' }).click();
  expect((await getProfile(page.request)).new_email).toBeNull();
});

test('an address another account uses is answered like any other, and its owner is told', async ({ page }) => {
  const inhouse = demoUser('inhouse');
  const taken = demoUser('partner').email;
  await signIn(page, inhouse.email, inhouse.password);
  try {
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Email' }).click();
    await page.getByLabel('Email', { exact: true }).fill(taken);
    await page.getByLabel('Current password', { exact: true }).fill(inhouse.password);
    await page.getByRole('button', { name: 'Save Email' }).click();
    await expect(page.getByText('Email is not confirmed')).toBeVisible();
    await page.goto('/dev/outbox');
    const note = page.locator('article').filter({ hasText: taken }).filter({ hasText: 'Someone asked to use your e-mail address' });
    await expect(note.first()).toBeVisible();
    await expect(note.first()).not.toContainText('/email/confirm');
  } finally {
    await restoreEmail(page.request, inhouse.email, inhouse.password);
  }
});
