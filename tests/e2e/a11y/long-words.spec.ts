// Long Dutch words (issue 32): on a 320 CSS px phone every screen's title and every button show their
// whole text, wrapped or hyphenated, never cut off ('Toegankelijkheidsverklaring' was). Every screen
// route of src/app/routes.tsx is opened in Dutch, as a visitor and signed in as a demo user.
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, signInFast, test } from '../support/fixtures';
import { DEMO_PASSWORD, USERS, uniqueEmail } from '../support/users';

const API = '/api/v1.0';

/** The path of every route in routes.tsx's screenRoutes (its featureRoutes spread in). */
function screenRoutePaths(): string[] {
  const text = readFileSync(new URL('../../../src/app/routes.tsx', import.meta.url), 'utf8');
  const pathOf = new Map([...text.matchAll(/^const (\w+) = createRoute\(\{\s*getParentRoute: \(\) => screenRoute,\s*path: '([^']+)'/gm)].map((m) => [m[1]!, m[2]!]));
  const list = (name: string) => /\[([^\]]*)\] as const/.exec(text.slice(text.indexOf(`const ${name} = [`)))![1]!.split(',').map((s) => s.replace(/\/\/.*$/gm, '').trim()).filter(Boolean);
  const names = list('screenRoutes').flatMap((n) => (n === '...featureRoutes' ? list('featureRoutes') : [n]));
  return names.map((n) => {
    expect(pathOf.get(n), `the path of ${n}`).toBeTruthy();
    return pathOf.get(n)!;
  });
}

async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  return (await (await request.post('/oauth/v2/token', { data: { grant_type: 'password', username: email, password, scope: 'ios' } })).json()).access_token;
}

/** Real values for the routes' $params (but an order's), from the demo user's own data. */
async function paramValues(request: APIRequestContext): Promise<Record<string, string>> {
  const token = await apiToken(request, USERS.a11y, DEMO_PASSWORD);
  const get = async (path: string) => {
    const res = await request.get(`${API}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.ok(), path).toBe(true);
    return res.json();
  };
  const wallet = (await get('/wallet/me')) as Array<{ id: number; order_id?: number | null }>;
  const targets = (await get('/application-users/targets?limit=100&offset=0')).results as Array<{ target: { id: number } }>;
  const txs = (await get('/user-loyalty-transactions?limit=1&offset=0')).results as Array<{ id: number }>;
  const me = await get('/application-users/me');
  const brands = (await get('/corporate-partners/category/all?limit=200&offset=0')).results as Array<{ id: number; name: string }>;
  // The longest brand name makes the hardest brand title.
  const brand = [...brands].sort((a, b) => b.name.length - a.name.length)[0]!;
  const values = {
    brandName: brand.name,
    brandId: String(brand.id),
    walletId: String(wallet[0]?.id ?? ''),
    projectId: String(targets[0]?.target.id ?? ''),
    targetId: String(targets[0]?.target.id ?? ''),
    txId: String(txs[0]?.id ?? ''),
    code: String(me.ambassador_code ?? ''),
  };
  for (const [k, v] of Object.entries(values)) expect(v, `a value for $${k}`).not.toBe('');
  return values;
}

/**
 * The screen's title and buttons whose text does not fit their box (scroll width larger than the box),
 * and words of at most 12 letters ('Portemonnee', 'Volgende') they break over two lines: room enough for
 * them was taken by something else (longer compounds may wrap, hyphenated where the browser can).
 * `root`: the open screen, or another part of the page (the footer).
 */
function cutOff(page: Page, root?: string): Promise<string[]> {
  return page.evaluate((rootSelector) => {
    const dialogs = Array.from(document.querySelectorAll('dialog[open]'));
    const root = rootSelector ? document.querySelector(rootSelector)! : dialogs[dialogs.length - 1]!;
    const out: string[] = [];
    const title = root.querySelector<HTMLElement>('#screen-title');
    // The title, and the header it sits in (a title wider than the header overflows it instead).
    for (const el of [title, title?.parentElement].filter((e): e is HTMLElement => !!e)) {
      if (el.scrollWidth > el.clientWidth + 1) out.push(`title "${title!.textContent}": ${el.scrollWidth}px in ${el.clientWidth}px`);
    }
    const buttons = Array.from(root.querySelectorAll<HTMLElement>('button, .btn')).filter((el) => el.getClientRects().length > 0 && !el.closest('.sp-visually-hidden, .visually-hidden, [hidden]'));
    for (const el of buttons) {
      if (el.scrollWidth > el.clientWidth + 1) out.push(`button "${(el.textContent ?? '').trim().slice(0, 40)}": ${el.scrollWidth}px in ${el.clientWidth}px`);
    }
    for (const el of [...(title ? [title] : []), ...buttons]) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const m of text.matchAll(/(?<!\S)\S{2,12}(?!\S)/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
          if (lines > 1) out.push(`"${m[0]}" broken over ${lines} lines in "${text.trim().slice(0, 40)}"`);
        }
      }
    }
    return out;
  }, root);
}

test.use({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });

test('every screen title and button in Dutch fits at 320 px: long words wrap, never clip', async ({ page, request, pageErrors }) => {
  test.setTimeout(300_000);
  const params = await paramValues(request);
  const paths = screenRoutePaths();
  expect(paths.length, 'screen routes found in routes.tsx').toBeGreaterThan(30);
  const dialog = page.getByRole('dialog');
  const problems: string[] = [];
  const checked = new Set<string>();

  /** Opens a screen in Dutch; checks it when it shows itself (guards send some to Start or the Menu). */
  const visit = async (routePath: string) => {
    const path = '/' + routePath.replace(/\$(\w+)/g, (_, name: string) => encodeURIComponent(params[name]!));
    await page.goto(`/#/nl${path}`);
    await expect(dialog.locator('#screen-title')).toBeVisible();
    await expect(page.locator('.spinner-ring')).toHaveCount(0, { timeout: 10_000 }).catch(() => undefined);
    if (new URL(page.url()).hash !== `#/nl${path}`) return;
    checked.add(routePath);
    for (const p of await cutOff(page)) problems.push(`${path}: ${p}`);
  };

  for (const path of paths) await visit(path);
  // Finish Sign Up shows only right after signing up; this new member's order gives a receipt to open
  // (the demo user's data stays as it is).
  const email = uniqueEmail('long-words');
  await page.goto('/#/nl/sign-up');
  await dialog.getByLabel('Voornaam').fill('Lange');
  await dialog.getByLabel('Achternaam').fill('Woorden');
  await dialog.getByLabel('E-mailadres').fill(email);
  await dialog.getByLabel('Wachtwoord', { exact: true }).fill('long-words-1');
  await dialog.getByLabel('Bevestig wachtwoord').fill('long-words-1');
  await dialog.getByLabel('Land', { exact: true }).selectOption({ index: 1 });
  await dialog.getByLabel('Ik ga akkoord met de gebruiksvoorwaarden').check();
  await dialog.getByRole('button', { name: 'Aanmelden', exact: true }).click();
  await expect(page).toHaveURL(/#\/nl\/finish-sign-up$/);
  checked.add('finish-sign-up');
  for (const p of await cutOff(page)) problems.push(`/finish-sign-up: ${p}`);
  const order = await request.post(`${API}/corporate-partners/${params.brandId}/pay`, {
    headers: { Authorization: `Bearer ${await apiToken(request, email, 'long-words-1')}` },
    data: { amount: 10 },
  });
  expect(order.status()).toBe(201);
  params.orderId = String((await order.json()).order_id);
  for (const path of paths.filter((p) => p.includes('$orderId'))) await visit(path);

  await signInFast(page, USERS.a11y);
  for (const path of paths.filter((p) => !checked.has(p))) await visit(path);

  // Every screen was seen but the invite link, which only ever redirects.
  expect(paths.filter((p) => !checked.has(p))).toEqual(['invite/$code']);
  // The shop's footer labels ('Portemonnee') too.
  await page.goto('/#/nl/');
  await expect(page.getByRole('navigation', { name: 'Snelkoppelingen' }).getByRole('button', { name: 'Portemonnee' })).toBeVisible();
  for (const p of await cutOff(page, '.mobile-footer')) problems.push(`footer: ${p}`);
  expect(problems).toEqual([]);
  expect(pageErrors).toEqual([]);
});
