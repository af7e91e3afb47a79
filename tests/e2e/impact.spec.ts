// Rewards & impact journeys as demo3 (one serial file: donations and target changes alter the
// contribution list, so these steps must not race each other).
import type { BrowserContext, Page } from '@playwright/test';
import type { Paged, Project, SavingsSummary, TargetItem, User } from '../../server/contract/types';
import { expect, expectNoA11yViolations, signInFast, signInNewAccount, test } from './support/fixtures';
import { holdChunk } from './support/hold-chunk';
import { apiAs, eur, type ApiAs } from './support/impact-api';
import { USERS } from './support/users';

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const EMAIL = USERS.impact;

async function targetIds(api: ApiAs): Promise<number[]> {
  const list = await api.get<Paged<TargetItem>>('/application-users/targets?limit=100&offset=0');
  return list.results.map((i) => i.target.id).sort((a, b) => a - b);
}

async function setTargets(api: ApiAs, ids: number[]): Promise<void> {
  for (const id of await targetIds(api)) await api.del('/application-users/targets', { target_id: id });
  for (const id of ids) expect(await api.post('/application-users/targets', { target_id: id })).toBeLessThan(300);
}

async function projectByName(api: ApiAs, name: string): Promise<Project> {
  const list = await api.get<Paged<Project>>('/project?limit=200&offset=0');
  const p = list.results.find((x) => x.name === name);
  if (!p) throw new Error(`no project ${name}`);
  return p;
}

test('My Impact shows twelve bars, a dashed average line, switches years and lists the same values as a table', async ({ page, request, pageErrors }) => {
  const api = await apiAs(request, EMAIL);
  const year = new Date().getFullYear();
  const [now, before] = await Promise.all([
    api.get<SavingsSummary>(`/user-saving?filter[year]=${year}`),
    api.get<SavingsSummary>(`/user-saving?filter[year]=${year - 1}`),
  ]);
  await signInFast(page, EMAIL);
  await page.goto('/#/my-impact');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { level: 1, name: 'My Impact' })).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Rewards' })).toHaveAttribute('aria-selected', 'true');

  const chart = dialog.getByRole('img', { name: `Rewards per month in ${year}` });
  await expect(chart).toBeVisible();
  await expect(chart.locator('rect.imp-chart-bar')).toHaveCount(12);
  await expect(chart.locator('rect.imp-chart-bar').first()).toHaveAttribute('width', '14');
  await expect(chart.getByTestId('savings-average')).toHaveAttribute('stroke-dasharray', /\d/);
  await expect(dialog.getByTestId('savings-current-month')).toHaveText(eur(now.current_month));
  await expect(dialog.getByTestId('savings-year-to-date')).toHaveText(eur(now.year_to_date));
  await expect(dialog.getByTestId('savings-total')).toHaveText(eur(now.total));
  await expect(dialog.getByRole('button', { name: 'Next year' })).toBeDisabled();

  // The table alternative holds the same twelve values.
  const table = dialog.getByRole('table', { name: `Rewards per month in ${year}` });
  await expect(table.locator('tbody tr')).toHaveCount(12);
  await expect(table.getByRole('row', { name: /^March/ }).getByRole('cell')).toHaveText(eur(now.monthly.March ?? 0));
  await expectNoA11yViolations(page, 'my impact rewards');

  await dialog.getByRole('button', { name: 'Previous year' }).click();
  await expect(dialog.getByTestId('savings-year')).toHaveText(String(year - 1));
  const previous = dialog.getByRole('img', { name: `Rewards per month in ${year - 1}` });
  await expect(previous.locator('rect.imp-chart-bar')).toHaveCount(12);
  await expect(dialog.getByTestId('savings-total')).toHaveText(eur(before.total));
  // A past year's figure is that whole year's, and says so.
  await expect(dialog.getByText(`Total in ${year - 1}`)).toBeVisible();
  await expect(dialog.getByTestId('savings-year-to-date')).toHaveText(eur(before.year_to_date));
  // The year is in the address: a reload keeps it.
  await expect(page).toHaveURL(new RegExp(`#/my-impact\\?year=${year - 1}$`));
  await page.reload();
  await expect(dialog.getByTestId('savings-year')).toHaveText(String(year - 1));
  await expect(dialog.getByRole('button', { name: 'Next year' })).toBeEnabled();
  // By keyboard: Next year goes off at this year, and focus moves to Previous year, not to the page.
  await dialog.getByRole('button', { name: 'Next year' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('savings-year')).toHaveText(String(year));
  await expect(dialog.getByRole('button', { name: 'Previous year' })).toBeFocused();
  await expect(dialog.getByText('Year to date')).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test('My Impact pages no further back than the year the account was made', async ({ page, request }) => {
  await signInNewAccount(page, request, 'impact-new');
  await page.goto('/#/my-impact');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('savings-year')).toHaveText(String(new Date().getFullYear()));
  await expect(dialog.getByRole('button', { name: 'Previous year' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Next year' })).toBeDisabled();
  // An address asking for a year before the account shows this year.
  await page.goto(`/#/my-impact?year=${new Date().getFullYear() - 3}`);
  await expect(dialog.getByTestId('savings-year')).toHaveText(String(new Date().getFullYear()));
  // Its one month is its average (the sign-up bonus), not spread over the year so far.
  await expect(dialog.getByRole('img', { name: /the dashed line is the monthly average of €5\.00/ })).toBeVisible();
});

test('My Impact whose savings cannot load shows no made-up € 0,00, and says why', async ({ page }) => {
  await signInFast(page, EMAIL);
  await page.route('**/user-saving?**', (route) => route.abort());
  await page.goto('/#/nl/my-impact');
  const dialog = page.getByRole('dialog');
  for (const id of ['savings-current-month', 'savings-year-to-date']) {
    await expect(dialog.getByTestId(id)).toContainText('–');
    await expect(dialog.getByTestId(id)).toContainText('nog niet bekend');
    await expect(dialog.getByTestId(id)).not.toContainText('€');
  }
});

test('My Impact in Dutch labels the months in Dutch', async ({ page }) => {
  await signInFast(page, EMAIL);
  await page.goto('/#/nl/my-impact');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { level: 1, name: 'Mijn impact' })).toBeVisible();
  await expect(dialog.getByRole('img', { name: /Beloningen per maand/ }).locator('text', { hasText: 'mrt' })).toHaveCount(1);
  await expect(dialog.getByRole('table').getByRole('rowheader', { name: 'maart' })).toHaveCount(1);
  await expect(dialog.getByTestId('savings-total')).toContainText('€');
});

test('the contributions list matches the API (contributions, then selected targets at 0), sorted by amount', async ({ page, request }) => {
  const api = await apiAs(request, EMAIL);
  const contributions = await api.get<{ currency: string; results: { project_id: number; project_name: string; amount: number }[] }>('/contribution');
  const targets = await api.get<Paged<TargetItem>>('/application-users/targets?limit=100&offset=0');
  const rows = contributions.results.map((r) => ({ id: r.project_id, name: r.project_name, amount: r.amount }));
  for (const t of targets.results) if (!rows.some((r) => r.id === t.target.id)) rows.push({ id: t.target.id, name: t.target.name, amount: 0 });
  rows.sort((a, b) => b.amount - a.amount || a.name.localeCompare(b.name));
  expect(rows.length).toBeGreaterThan(0);

  await signInFast(page, EMAIL);
  await page.goto('/#/my-impact?view=contributions');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('tab', { name: 'Contributions' })).toHaveAttribute('aria-selected', 'true');
  const links = dialog.getByTestId('contributions-list').getByRole('link');
  await expect(links).toHaveCount(rows.length);
  for (let i = 0; i < rows.length; i++) {
    await expect(links.nth(i)).toHaveAccessibleName(`${rows[i]!.name}: ${eur(rows[i]!.amount)}`);
  }
  await expectNoA11yViolations(page, 'my impact contributions');

  await links.first().click();
  await expect(dialog.getByRole('heading', { level: 1, name: rows[0]!.name })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Sponsor this project' })).toBeVisible();
  await expectNoA11yViolations(page, 'project details');
  await dialog.getByRole('button', { name: 'Close, back to My Impact' }).click();
  await expect(page).toHaveURL(/#\/my-impact\?view=contributions/);
});

test('donating points lowers the balance, thanks the user and grows the contribution', async ({ page, request }) => {
  const api = await apiAs(request, EMAIL);
  const me = await api.get<User>('/application-users/me');
  const balance = me.loyalty_account.amount.amount;
  // The first project whose two units the balance covers: a retry of this serial file donates again,
  // from the balance the first attempt lowered (demo3 starts with 1,672 points).
  let project: Project | undefined;
  for (const name of ['Forest Corridors', 'Sea Litter Patrol', 'Clean Water Wells']) {
    const p = await projectByName(api, name);
    if (p.unit_points * 2 <= balance) {
      project = p;
      break;
    }
  }
  if (!project) throw new Error(`demo3's balance (${balance} points) covers no donation of two units`);
  const before = (await api.get<{ results: { project_id: number; amount: number }[] }>('/contribution')).results.find((r) => r.project_id === project.id)?.amount ?? 0;

  await signInFast(page, EMAIL);
  await page.goto(`/#/project/${project.id}`);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('link', { name: 'Sponsor this project' }).click();
  await expect(dialog.getByRole('heading', { level: 1, name: `Sponsor ${project.name}` })).toBeVisible();
  await expect(dialog.getByTestId('available-balance')).toHaveText(`${balance.toLocaleString('en-GB')} points`);

  // Starts at one unit step; cannot go down to 0.
  const stepper = dialog.getByRole('group', { name: 'Points' });
  await expect(stepper.locator('output')).toHaveText(`${project.unit_points.toLocaleString('en-GB')} points`);
  await expect(stepper.getByRole('button', { name: 'Decrease' })).toBeDisabled();
  await stepper.getByRole('button', { name: 'Increase' }).click();
  await expect(stepper.locator('output')).toHaveText(`${(project.unit_points * 2).toLocaleString('en-GB')} points`);
  await expect(dialog.getByTestId('donation-units')).toContainText(`${project.unit_amount * 2} `);

  await dialog.getByRole('button', { name: 'About your balance' }).click();
  const info = page.getByRole('dialog', { name: 'Available balance' });
  await expect(info).toBeVisible();
  await expectNoA11yViolations(page, 'sponsor info modal');
  await info.getByRole('button', { name: 'OK' }).click();
  await expect(info).toBeHidden();
  await expectNoA11yViolations(page, 'project sponsor');

  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('heading', { level: 1, name: 'Thanks for donate' })).toBeVisible();
  await expect(dialog.getByTestId('thanks-project')).toHaveText(`Thank you for supporting ${project.name}!`);
  await expectNoA11yViolations(page, 'thanks');
  await expect(page).toHaveURL(/#\/my-impact\?view=contributions/, { timeout: 6000 });

  const donated = project.unit_points * 2;
  const after = await api.get<User>('/application-users/me');
  expect(after.loyalty_account.amount.amount).toBe(balance - donated);
  await expect(dialog.getByRole('link', { name: `${project.name}: ${eur(before + donated)}` })).toBeVisible();
  // Back from there is the project, never the filled-in donation form again.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`#/project/${project.id}$`));
  await expect(dialog.getByRole('link', { name: 'Sponsor this project' })).toBeVisible();

  // The sponsor screen now shows the lower balance.
  await page.goto(`/#/project/${project.id}/sponsor`);
  await expect(dialog.getByTestId('available-balance')).toHaveText(`${(balance - donated).toLocaleString('en-GB')} points`);

  // What the user has funded, in Dutch with Dutch numbers (a decimal comma, not the API's point).
  const funded = (await api.get<Project>(`/project/${project.id}`)).user_total_units_amount;
  expect(funded).toBeGreaterThan(0);
  await page.goto(`/#/nl/project/${project.id}`);
  await expect(dialog.getByText(/^Je hebt tot nu toe .* gefinancierd\.$/)).toContainText(`Je hebt tot nu toe ${funded.toLocaleString('nl-NL', { maximumFractionDigits: 2 })} `);
});

test('reward targets: a second target, the third refused with the prompt, two non-social refused by the server and reverted', async ({ page, request }) => {
  const api = await apiAs(request, EMAIL);
  const meals = await projectByName(api, 'School Meals'); // social
  const rewilding = await projectByName(api, 'REWILDING'); // not social
  const water = await projectByName(api, 'Clean Water Wells'); // social
  const forest = await projectByName(api, 'Forest Corridors'); // not social
  expect([meals.social, rewilding.social, water.social, forest.social]).toEqual([true, false, true, false]);
  await setTargets(api, [meals.id, rewilding.id]);

  await signInFast(page, EMAIL);
  await page.goto('/#/set-target');
  const dialog = page.getByRole('dialog').first();
  await expect(dialog.getByRole('heading', { level: 1, name: 'Set target' })).toBeVisible();
  await expect(dialog.getByText('Choose up to two reward targets.', { exact: false })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Others' })).toBeVisible();
  await expect(dialog.getByRole('img', { name: 'Social project' }).first()).toBeVisible();
  await expectNoA11yViolations(page, 'set target overview');
  await dialog.getByRole('tab', { name: 'Selection' }).click();
  await expect(page).toHaveURL(/tab=selection/);
  await expect(dialog.getByRole('link', { name: new RegExp(meals.name) })).toBeVisible();
  await expect(dialog.getByRole('link', { name: new RegExp(rewilding.name) })).toBeVisible();
  await expectNoA11yViolations(page, 'set target selection');

  // A third target: the alert and the prompt to remove one.
  await page.goto(`/#/set-target/${water.id}`);
  await expect(dialog.getByRole('heading', { level: 1, name: water.name })).toBeVisible();
  await expectNoA11yViolations(page, 'target details');
  await dialog.getByRole('button', { name: 'Choose as reward target', exact: true }).click();
  const alert = page.getByRole('dialog', { name: 'Reward targets' });
  await expect(alert).toContainText('You have already selected two targets, if you want to change please remove one reward target first. Do you want to remove a target?');
  await expectNoA11yViolations(page, 'already selected two');
  await alert.getByRole('button', { name: `Remove ${rewilding.name}` }).click();
  await expect(alert).toBeHidden();
  await expect.poll(() => targetIds(api)).toEqual([meals.id]);

  // Select a second target.
  await dialog.getByRole('button', { name: 'Choose as reward target', exact: true }).click();
  await expect(dialog.getByTestId('target-state')).toHaveText('✓ This is one of your reward targets.');
  await expect.poll(() => targetIds(api)).toEqual([meals.id, water.id].sort((a, b) => a - b));
  await dialog.getByRole('link', { name: 'Your reward targets' }).click();
  await expect(page).toHaveURL(/#\/set-target\?tab=selection/);
  await expect(dialog.getByRole('link', { name: new RegExp(water.name) })).toBeVisible();

  // Two non-social targets: the server refuses the second; the screen reverts and says why.
  await setTargets(api, [rewilding.id]);
  await page.goto('/#/set-target?tab=selection');
  await page.reload();
  await expect(dialog.getByRole('link', { name: new RegExp(rewilding.name) })).toBeVisible();
  await expect(dialog.getByRole('link', { name: new RegExp(water.name) })).toHaveCount(0);
  await page.goto(`/#/set-target/${forest.id}`);
  await expect(dialog.getByRole('heading', { level: 1, name: forest.name })).toBeVisible();
  const toggle = dialog.getByTestId('target-state');
  await expect(toggle).toHaveText('Not one of your reward targets yet.');
  await dialog.getByRole('button', { name: 'Choose as reward target', exact: true }).click();
  // The refusal is told once, by the app-wide toast (the outbox reports it wherever the user is).
  await expect(page.locator('.toast').filter({ hasText: 'Your reward targets were not changed: at least one of them must be a Social project.' })).toBeVisible({ timeout: 15_000 });
  await expect(toggle).toHaveText('Not one of your reward targets yet.');
  await expect(dialog.getByRole('button', { name: 'Choose as reward target', exact: true })).toBeVisible();
  expect(await targetIds(api)).toEqual([rewilding.id]);

  await setTargets(api, [meals.id, rewilding.id]);
});

/** Chooses `water` offline (School Meals the only target), checks it waits, runs `whileOffline`, goes back
 *  online and checks the server then holds both, the mark gone; then puts the file's targets back. */
async function chooseOfflineThenSync(page: Page, context: BrowserContext, api: ApiAs, meals: Project, water: Project, whileOffline = async () => {}): Promise<void> {
  const dialog = page.getByRole('dialog').first();
  const toggle = dialog.getByTestId('target-state');
  await context.setOffline(true);
  await dialog.getByRole('button', { name: 'Choose as reward target', exact: true }).click();
  await expect(toggle).toHaveText('✓ This is one of your reward targets.');
  await expect(dialog.getByText('Waiting to sync')).toBeVisible();
  await whileOffline();
  expect(await targetIds(api)).toEqual([meals.id]);

  await context.setOffline(false);
  await expect.poll(() => targetIds(api), { timeout: 20_000 }).toEqual([meals.id, water.id].sort((a, b) => a - b));
  await expect(dialog.getByText('Waiting to sync')).toHaveCount(0);
  await expect(toggle).toHaveText('✓ This is one of your reward targets.');

  await setTargets(api, [meals.id, (await projectByName(api, 'REWILDING')).id]);
}

test('a target toggled offline is kept in the outbox, shown at once, and synced when back online', { tag: '@worker' }, async ({ page, context, request }) => {
  const api = await apiAs(request, EMAIL);
  const meals = await projectByName(api, 'School Meals');
  const water = await projectByName(api, 'Clean Water Wells');
  await setTargets(api, [meals.id]);

  await signInFast(page, EMAIL);
  await page.goto(`/#/set-target/${water.id}`);
  const dialog = page.getByRole('dialog').first();
  await expect(dialog.getByRole('heading', { level: 1, name: water.name })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Choose as reward target', exact: true })).toBeEnabled();
  await expect(dialog.getByTestId('target-state')).toHaveText('Not one of your reward targets yet.');
  await chooseOfflineThenSync(page, context, api, meals, water);
});

test('a target toggled offline before the app could load its sync engine is sent once the network is back', async ({ page, context, request }) => {
  // A first visit (no service worker yet) that loses the network while starting: the sync engine's
  // chunk (held here, then failed as offline) cannot download. Back online it is loaded again and sends.
  const api = await apiAs(request, EMAIL);
  const meals = await projectByName(api, 'School Meals');
  const water = await projectByName(api, 'Clean Water Wells');
  await setTargets(api, [meals.id]);

  const engine = await holdChunk(page, /\/assets\/outbox-operations-[\w-]+\.js$/);
  await signInFast(page, EMAIL);
  await engine.fail(); // the page before the sign-in's reload
  await page.goto(`/#/set-target/${water.id}`);
  const dialog = page.getByRole('dialog').first();
  await expect(dialog.getByTestId('target-state')).toHaveText('Not one of your reward targets yet.');
  await expect.poll(() => engine.count()).toBe(1);

  await chooseOfflineThenSync(page, context, api, meals, water, async () => {
    engine.release();
    await engine.fail();
    await page.waitForTimeout(500); // the failed download has settled, still offline
    await expect(dialog.getByText('Waiting to sync')).toBeVisible();
  });
});
