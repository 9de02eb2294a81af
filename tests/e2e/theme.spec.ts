// The dark theme: it follows the system's scheme until the visitor chooses with the header's switch; the
// choice is kept in a cookie and is in the first HTML of the next page, with scripts and without.
import { expect, test, type Page } from '@playwright/test';
import { signInByApi } from './helpers';

/** WCAG relative luminance of a colour as getComputedStyle writes it ("rgb(r, g, b)"). */
function luminance(colour: string): number {
  const [r, g, b] = (colour.match(/\d+(?:\.\d+)?/g) ?? []).slice(0, 3).map((part) => {
    const c = Number(part) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Below this a background reads as dark (#333 is 0.033), above LIGHT as light (#ddd is 0.72). */
const DARK = 0.05;
const LIGHT = 0.7;

/** The page's background and text colours, as the browser painted them. */
async function pageColours(page: Page): Promise<{ background: number; text: number }> {
  const [background, text] = await page.evaluate(() => [
    getComputedStyle(document.body).backgroundColor,
    getComputedStyle(document.body).color,
  ]);
  return { background: luminance(background ?? ''), text: luminance(text ?? '') };
}

async function expectDark(page: Page, where: string): Promise<void> {
  const colours = await pageColours(page);
  expect(colours.background, `${where}: background`).toBeLessThan(DARK);
  expect(colours.text, `${where}: text`).toBeGreaterThan(LIGHT);
}

async function expectLight(page: Page, where: string): Promise<void> {
  const colours = await pageColours(page);
  expect(colours.background, `${where}: background`).toBeGreaterThan(LIGHT);
  expect(colours.text, `${where}: text`).toBeLessThan(DARK);
}

const themeButton = (page: Page, name: 'System' | 'Light' | 'Dark') =>
  page.getByRole('group', { name: 'Theme' }).getByRole('button', { name, exact: true });

test('the light theme looks as it did before the colours became tokens', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/password/reset');
  // The values the stylesheets wrote as literals before theme.css (#f5f6f8, #1d2127, white, #3056d3, #c9ced6).
  const look = await page.evaluate(() => {
    const style = (selector: string) => getComputedStyle(document.querySelector(selector) as Element);
    return {
      background: style('body').backgroundColor,
      text: style('body').color,
      card: style('.card').backgroundColor,
      button: [style('.button').backgroundColor, style('.button').color],
      field: style('.input').borderTopColor,
      scheme: style('html').colorScheme,
    };
  });
  expect(look).toEqual({
    background: 'rgb(245, 246, 248)',
    text: 'rgb(29, 33, 39)',
    card: 'rgb(255, 255, 255)',
    button: ['rgb(48, 86, 211)', 'rgb(255, 255, 255)'],
    field: 'rgb(201, 206, 214)',
    scheme: 'light',
  });
});

test.describe('a system that asks for dark', () => {
  test.use({ colorScheme: 'dark' });

  test('the public pages, the sign-in page and the partner area are dark', async ({ page }) => {
    for (const path of ['/', '/channels', '/global']) {
      await page.goto(path);
      await expectDark(page, path);
    }
    await signInByApi(page.request, 'partner');
    await page.goto('/dashboard');
    await expectDark(page, '/dashboard');
    // A legend's swatch keeps 3:1 on its card (it is the series' colour lightened for the dark theme).
    const [swatch, card] = await page
      .locator('.swatch')
      .first()
      .evaluate((el) => [getComputedStyle(el).backgroundColor, getComputedStyle(el.closest('.card') ?? document.body).backgroundColor]);
    const [hi, lo] = [luminance(swatch ?? ''), luminance(card ?? '')].sort((a, b) => b - a) as [number, number];
    expect((hi + 0.05) / (lo + 0.05)).toBeGreaterThanOrEqual(3);
  });

  test('a visitor who chose light gets light, in the first HTML', async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'theme', value: 'light', url: baseURL ?? '' }]);
    await page.goto('/channels');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expectLight(page, '/channels chosen light');
  });
});

test('the switch sets the theme at once, keeps it across reloads, and the server writes it into the page', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/channels');
  await expectLight(page, 'before');
  await expect(themeButton(page, 'System')).toHaveAttribute('aria-pressed', 'true');

  await themeButton(page, 'Dark').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(themeButton(page, 'Dark')).toHaveAttribute('aria-pressed', 'true');
  await expectDark(page, 'after the switch');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(themeButton(page, 'Dark')).toHaveAttribute('aria-pressed', 'true');
  await expectDark(page, 'after a reload');

  // The first HTML carries it: the browser's cookie sent with a plain request, nothing run.
  const cookie = (await page.context().cookies()).find((c) => c.name === 'theme');
  expect(cookie?.value).toBe('dark');
  for (const path of ['/channels', '/', '/global']) {
    const html = await (await page.request.get(path, { headers: { Cookie: 'theme=dark' } })).text();
    expect(html, path).toMatch(/<html lang="en-US" data-theme="dark"/);
  }
  // A public page kept in the edge cache for one theme is not served for another.
  const plain = await (await page.request.get('/channels', { headers: { Cookie: '' } })).text();
  expect(plain).toMatch(/<html lang="en-US">/);
  // A cookie that is no theme is ignored, never an error.
  const odd = await page.request.get('/channels', { headers: { Cookie: 'theme=%3Cscript%3E' } });
  expect(odd.status()).toBe(200);
  expect(await odd.text()).toMatch(/<html lang="en-US">/);

  await themeButton(page, 'System').click();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /.*/);
  await expectLight(page, 'back to the system');
  expect((await page.context().cookies()).find((c) => c.name === 'theme')).toBeUndefined();
});

test('System follows the scheme the system asks for, as it changes', async ({ page }) => {
  await signInByApi(page.request, 'partner');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/dashboard');
  await expect(themeButton(page, 'System')).toHaveAttribute('aria-pressed', 'true');
  await expectLight(page, 'system light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectDark(page, 'system dark');
  // A chosen theme wins over the system's.
  await themeButton(page, 'Light').click();
  await expectLight(page, 'chosen light on a dark system');
  await themeButton(page, 'System').click();
  await expectDark(page, 'system again');
});

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false, colorScheme: 'light' });

  test('the switch is a form: the choice is kept and the page comes back in it', async ({ page }) => {
    await page.goto('/channels?page=2');
    await themeButton(page, 'Dark').click();
    await expect(page).toHaveURL('/channels?page=2');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectDark(page, 'after the form');
    await expect(themeButton(page, 'Dark')).toHaveAttribute('aria-pressed', 'true');
    await themeButton(page, 'System').click();
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /.*/);
    await expectLight(page, 'system again');
  });
});
