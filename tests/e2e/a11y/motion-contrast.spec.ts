// Motion (WCAG 2.2.2, 2.3.3): the sustainability slider's autoplay can be paused and does not run with
// reduced motion, and no animation or transition ignores that setting. Forced colours (high contrast):
// icons, badges and the keyboard focus ring stay visible.
import { expect, test } from '../support/fixtures';
import { tabTo } from '../support/a11y';

const SLIDER = '/#/corporate/82/slider';
const AUTOPLAY_MS = 6000;

test('the slider plays by itself and the Pause button stops it', async ({ page }) => {
  await page.goto(SLIDER);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { level: 2, name: 'Planet' })).toBeVisible();
  await expect(dialog.getByRole('heading', { level: 2, name: 'People' })).toBeVisible({ timeout: AUTOPLAY_MS + 4000 });
  // Pointer and focus pause it too; the button is the way that lasts.
  await page.mouse.move(0, 0);
  await dialog.getByRole('button', { name: 'Pause' }).click();
  await page.mouse.move(0, 0);
  await expect(dialog.getByRole('button', { name: 'Play' })).toBeVisible();
  await page.waitForTimeout(AUTOPLAY_MS + 1500);
  await expect(dialog.getByRole('heading', { level: 2, name: 'People' })).toBeVisible();
});

test.describe('reduced motion', () => {
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('the slider stays on its first slide and nothing else animates', async ({ page }) => {
    await page.goto(SLIDER);
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { level: 2, name: 'Planet' })).toBeVisible();
    await page.mouse.move(0, 0);
    await page.waitForTimeout(AUTOPLAY_MS + 1500);
    await expect(dialog.getByRole('heading', { level: 2, name: 'Planet' })).toBeVisible();
    // The user can still move through the slides.
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect(dialog.getByRole('heading', { level: 2, name: 'People' })).toBeVisible();

    // Every transition and animation on the shop page and in a screen is off (the loading spinner
    // only turns slowly, which is not motion that needs stopping).
    for (const path of ['/', '/#/set-target', '/#/faq']) {
      await page.goto(path);
      await page.waitForTimeout(500);
      const moving = await page.evaluate(() => {
        const out: string[] = [];
        for (const el of Array.from(document.querySelectorAll<HTMLElement>('*'))) {
          for (const pseudo of [null, '::before', '::after'] as const) {
            const s = getComputedStyle(el, pseudo);
            const durations = [...s.transitionDuration.split(','), ...(el.classList.contains('spinner-ring') ? [] : s.animationName !== 'none' ? s.animationDuration.split(',') : [])];
            if (durations.some((d) => parseFloat(d) > 0)) out.push(`${el.tagName.toLowerCase()}.${String(el.className)}${pseudo ?? ''}`);
          }
        }
        return out.slice(0, 10);
      });
      expect(moving, path).toEqual([]);
    }
  });
});

test.describe('forced colours', () => {
  test.use({ contextOptions: { forcedColors: 'active' } });

  test('icons, badges and the keyboard focus ring stay visible', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.sp-tile__badge').first()).toBeVisible();
    // Badges keep an outline when their background colour is dropped.
    const badge = await page.locator('.sp-tile__badge').first().evaluate((el) => getComputedStyle(el).borderTopWidth);
    expect(parseFloat(badge)).toBeGreaterThanOrEqual(1);
    // Icons are drawn in the text colour, which forced colours keep visible.
    const icons = await page.getByRole('banner').locator('svg').evaluateAll((svgs) =>
      svgs.map((s) => {
        const st = getComputedStyle(s);
        return { stroke: st.stroke, fill: st.fill, color: st.color };
      }),
    );
    expect(icons.length).toBeGreaterThan(2);
    for (const i of icons) expect(i.stroke === i.color || i.fill === i.color || i.fill !== 'none', JSON.stringify(i)).toBe(true);
    // The keyboard focus ring is there for every control on the way to the first tile.
    for (let n = 0; n < 8; n++) {
      const f = await tabTo(page, () => true, { max: 1 });
      expect(f.ring, `focus ring on ${f.name}`).toBe(true);
    }
  });
});
