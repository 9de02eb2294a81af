// The shell at its breakpoints (docs/partner-area.md, "Shell"), and by keyboard: full menu, icon rail with tooltips, drawer.
import { expect, test, type Locator } from '@playwright/test';
import { demoUser, sideMenu, signIn } from './helpers';

/** The CSS tooltip of a rail item: what its ::after shows, and whether it shows. */
function tooltipOf(link: Locator) {
  return link.evaluate((element) => {
    const style = getComputedStyle(element, '::after');
    return { content: style.content, display: style.display };
  });
}

test('at 1280px the menu shows its names', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const partner = demoUser('partner');
  await signIn(page, partner.email, partner.password);
  await expect(sideMenu(page).getByText('Trends', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
});

test('at 900px the menu is an icon rail whose names show on hover', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 800 });
  const partner = demoUser('partner');
  await signIn(page, partner.email, partner.password);
  const trends = sideMenu(page).getByRole('link', { name: 'Trends' });
  await expect(trends).toBeVisible();
  const box = await trends.boundingBox();
  expect(box?.width).toBeLessThan(72);
  expect(await tooltipOf(trends)).toEqual({ content: '"Trends"', display: 'none' });
  await trends.hover();
  await expect.poll(() => tooltipOf(trends)).toEqual({ content: '"Trends"', display: 'block' });
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
});

test('at 375px the menu is a drawer the Menu button opens and Escape closes', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const partner = demoUser('partner');
  await signIn(page, partner.email, partner.password);
  const toggle = page.getByRole('button', { name: 'Menu' });
  const support = sideMenu(page).getByRole('link', { name: 'Support' });
  await expect(support).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(support).toBeVisible();
  await expect(sideMenu(page).getByRole('link', { name: 'Dashboard' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(support).toBeHidden();
  await expect(toggle).toBeFocused();

  await toggle.click();
  await support.click();
  await expect(page).toHaveURL('/support');
  await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
});

test('the keyboard reaches the skip link first, then the shell, with a visible focus ring', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const partner = demoUser('partner');
  await signIn(page, partner.email, partner.password);
  await page.goto('/profile');
  const edit = page.getByRole('button', { name: 'Edit Full name' });
  // The button is disabled until its island hydrates, and a disabled button takes no focus.
  await expect(edit).toBeEnabled();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(edit).toBeFocused();

  const dashboard = sideMenu(page).getByRole('link', { name: 'Dashboard' });
  await dashboard.focus();
  await page.keyboard.press('Tab');
  const details = sideMenu(page).getByRole('link', { name: 'Details' });
  await expect(details).toBeFocused();
  const outline = await details.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).toBe('solid');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/details/partner_revenue');
});
