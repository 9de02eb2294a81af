// The Channels and Titles pickers of the sticky filters panel are confirmed with the mouse on small
// laptop windows and on phones: the popup stays inside the window (below the header) and its list
// scrolls inside it, so Ok is reachable. With no filter nothing is ticked, so one tick and Ok filter to it.
import { expect, test, type Page } from '@playwright/test';
import { demoUser, signIn } from './helpers';

/** The network owner of the demo data sees many channels and titles: long lists. */
const MANY_ITEMS = 20;

const PICKERS = [
  { name: 'Channels', api: '/api/profile/channels', param: /[?&]channels=UC[\w-]+(?:&|$)/ },
  { name: 'Titles', api: '/api/profile/titles', param: /[?&]titles=\d+(?:&|$)/ },
];

const VIEWPORTS = [
  { name: 'laptop 1280×720', width: 1280, height: 720 },
  { name: 'laptop 1366×768', width: 1366, height: 768 },
  { name: 'phone 390×844', width: 390, height: 844 },
];

/** Clicks at the middle of an element with the mouse, failing if that point is outside the window. */
async function mouseClick(page: Page, name: string, box: { x: number; y: number; width: number; height: number } | null): Promise<void> {
  const viewport = page.viewportSize();
  expect(box, `${name} is laid out`).not.toBeNull();
  if (!box || !viewport) return;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  expect(y, `${name} lies inside the window`).toBeLessThan(viewport.height);
  expect(y).toBeGreaterThan(0);
  await page.mouse.click(x, y);
}

for (const viewport of VIEWPORTS) {
  for (const picker of PICKERS) {
    test(`${picker.name} picker: Ok is clicked with the mouse at ${viewport.name}`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const user = demoUser('network');
      await signIn(page, user.email, user.password);
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      const items = (await (await page.request.get(picker.api)).json()).data as unknown[];
      expect(items.length).toBeGreaterThanOrEqual(MANY_ITEMS);

      // The pickers are enabled once the island has hydrated and the filter options have loaded.
      await expect(page.getByLabel('Period', { exact: true })).toBeEnabled();
      // Under 1200px the panel opens from the Filters button.
      const toggle = page.getByRole('button', { name: 'Filters', exact: true });
      if (await toggle.isVisible()) await toggle.click();
      const button = page.getByRole('button', { name: new RegExp(`^${picker.name}`) });
      await button.scrollIntoViewIfNeeded();
      await mouseClick(page, `the ${picker.name} button`, await button.boundingBox());
      const dialog = page.getByRole('dialog', { name: picker.name });
      await expect(dialog).toBeVisible();
      // The whole popup is in the window, under the sticky header.
      const popup = await dialog.boundingBox();
      const header = await page.locator('.app-header').boundingBox();
      expect(popup && header && popup.y).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
      expect(popup && popup.y + popup.height).toBeLessThanOrEqual(viewport.height);

      // No filter applies: nothing is ticked. Ticking the first item and Ok filters to that one item.
      const boxes = dialog.getByRole('checkbox');
      await expect(boxes).toHaveCount(items.length);
      await expect(dialog.getByRole('checkbox', { checked: true })).toHaveCount(0);
      const first = boxes.first();
      const name = (await first.locator('xpath=..').innerText()).trim();
      await mouseClick(page, 'the first item', await first.boundingBox());
      await expect(first).toBeChecked();
      await mouseClick(page, 'Ok', await dialog.getByRole('button', { name: 'Ok' }).boundingBox());
      await expect(dialog).toHaveCount(0);
      await expect(page).toHaveURL(picker.param);
      await expect(page.getByRole('button', { name: `${picker.name} ${name}`, exact: true })).toBeVisible();
    });
  }
}

test('All chosen while the channel list is still loading applies every channel once it has loaded', async ({ page }) => {
  const user = demoUser('network');
  await signIn(page, user.email, user.password);
  const [one] = (await (await page.request.get('/api/profile/channels')).json()).data as Array<{ channel_id: string }>;
  // The list is asked for when the picker opens: held until All has been clicked.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/profile/channels', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/dashboard?channels=${one!.channel_id}`);
  await expect(page.getByLabel('Period', { exact: true })).toBeEnabled();
  const toggle = page.getByRole('button', { name: 'Filters', exact: true });
  if (await toggle.isVisible()) await toggle.click();
  await page.getByRole('button', { name: /^Channels/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Channels' });
  await dialog.getByRole('button', { name: 'All' }).click();
  await expect(dialog.getByRole('button', { name: 'Ok' })).toBeDisabled();
  release();
  await expect(dialog.getByRole('checkbox').first()).toBeChecked();
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(page).not.toHaveURL(/channels=/);
  await expect(page.getByRole('button', { name: 'Channels All channels' })).toBeVisible();
});

test("the details page's Countries picker: one tick filters to that country, Clear and Ok remove the filter", async ({ page }) => {
  const user = demoUser('network');
  await signIn(page, user.email, user.password);
  await page.goto('/details/views?group_by=countries');
  const button = page.getByRole('button', { name: /^Countries/ });
  await expect(button).toHaveAccessibleName('Countries All countries');
  await expect(button).toBeEnabled();
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'Countries' });
  const boxes = dialog.getByRole('checkbox');
  await expect(boxes.first()).toBeVisible();
  await expect(dialog.getByRole('checkbox', { checked: true })).toHaveCount(0);
  const country = (await boxes.first().locator('xpath=..').innerText()).trim();
  await boxes.first().check();
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/[?&]countries=[A-Z]{2}(?:&|$)/);
  await expect(page.getByRole('button', { name: `Countries ${country}`, exact: true })).toBeVisible();

  // Opened again, the applied country alone is ticked; cleared, Ok stands for every country again.
  await page.getByRole('button', { name: `Countries ${country}`, exact: true }).click();
  await expect(dialog.getByRole('checkbox', { checked: true })).toHaveCount(1);
  await expect(dialog.getByRole('checkbox', { name: country, exact: true })).toBeChecked();
  await dialog.getByRole('button', { name: 'Clear' }).click();
  await expect(dialog.getByRole('checkbox', { checked: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(page).not.toHaveURL(/countries=/);
  await expect(page.getByRole('button', { name: 'Countries All countries' })).toBeVisible();
});
