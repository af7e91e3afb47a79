/**
 * Projects in the caller's language (Accept-Language, as the app sends it): type and category names,
 * description, unit description and unit words in Dutch for nl, English otherwise; English wherever a
 * row has no Dutch. The seed fills the Dutch of the demo rows on a catalogue seeded before it existed,
 * and never overwrites an operator's own rows or texts.
 */
import { describe, expect, test } from 'vitest';
import type { Paged, Project, TargetItem } from '../../server/contract/types.ts';
import { seedProjectDutch } from '../../server/seed/catalogue.ts';
import { useServer } from './support/harness.ts';
import { expectOk, paged, projectShape, targetItemShape } from './support/shapes.ts';

const t = useServer();

async function projects(lang?: string): Promise<{ list: Project[]; headers: Headers }> {
  const res = await t.api(await t.userToken()).get('/project', { query: { limit: 200 }, headers: lang ? { 'Accept-Language': lang } : {} });
  return { list: expectOk(res, 200, paged(projectShape)).results, headers: res.headers };
}
const byId = (list: Project[], id: number) => list.find((p) => p.id === id)!;
const typeNames = (list: Project[]) => [...new Set(list.flatMap((p) => (p.type ? [p.type.name] : [])))].sort();
const categoryNames = (list: Project[]) => [...new Set(list.flatMap((p) => (p.category ? [p.category.name] : [])))].sort();

describe('project texts follow Accept-Language', () => {
  test('Dutch for nl: types, categories, descriptions and units; names stay; the answer says its language', async () => {
    const nl = await projects('nl-NL,nl;q=0.9,en;q=0.8');
    const en = await projects('en');
    expect(typeNames(nl.list)).toEqual(['Gezondheid', 'Klimaat', 'Natuur', 'Onderwijs', 'Water']);
    expect(typeNames(en.list)).toEqual(['Climate', 'Education', 'Health', 'Nature', 'Water']);
    expect(categoryNames(nl.list)).toEqual(['Milieu', 'Sociaal']);
    expect(categoryNames(en.list)).toEqual(['Environment', 'Social']);

    const forest = byId(nl.list, 2);
    expect(forest).toMatchObject({ name: 'Forest Corridors', unit: 'boom', accumulation_units_plural: 'bomen', type: { id: 2, name: 'Klimaat' } });
    expect(forest.description).toBe(
      '<p>Plant inheemse bomen die losse bossen met elkaar verbinden, zodat dieren zich ertussen kunnen verplaatsen.</p><p>Je punten worden omgezet in bomen: met 500 punten financier je 1 boom.</p>',
    );
    expect(forest.unit_description).toBe('<p>Eén stap van 500 punten = 1 boom.</p>');
    expect(byId(en.list, 2)).toMatchObject({ name: 'Forest Corridors', unit: 'tree', accumulation_units_plural: 'trees' });
    expect(byId(en.list, 2).description).toMatch(/^<p>Plant native trees/);
    // Everything else is the same in both.
    const strip = (p: Project) => ({ ...p, description: '', unit_description: '', unit: '', accumulation_units_plural: '', type: p.type?.id, category: p.category?.id });
    expect(nl.list.map(strip)).toEqual(en.list.map(strip));

    expect(nl.headers.get('content-language')).toBe('nl');
    expect(en.headers.get('content-language')).toBe('en');
    expect(nl.headers.get('vary')).toMatch(/Accept-Language/i);
  });

  test('English without the header, or for another language', async () => {
    for (const lang of [undefined, 'de-DE,de;q=0.9', 'en-GB', 'fr']) {
      const { list } = await projects(lang);
      expect(typeNames(list), String(lang)).toEqual(['Climate', 'Education', 'Health', 'Nature', 'Water']);
      expect(byId(list, 3).description, String(lang)).toMatch(/^<p>A warm, healthy lunch/);
    }
  });

  test('one project, the selected targets and a new target answer in the caller\'s language too', async () => {
    const u = await t.signUp();
    const nl = { headers: { 'Accept-Language': 'nl' } };
    const one = expectOk(await u.api.get('/project/3', nl), 200, projectShape);
    expect(one).toMatchObject({ unit: 'maaltijd', accumulation_units_plural: 'maaltijden', type: { name: 'Onderwijs' }, category: { name: 'Sociaal' } });
    expect(expectOk(await u.api.get('/project/3'), 200, projectShape)).toMatchObject({ unit: 'meal', type: { name: 'Education' } });
    const added = expectOk(await u.api.post('/application-users/targets', { target_id: 3 }, nl), 201, targetItemShape);
    expect(added.target).toEqual(one);
    const targets = expectOk(await u.api.get('/application-users/targets', nl), 200, paged(targetItemShape)) as Paged<TargetItem>;
    expect(targets.results.map((x) => x.target)).toEqual([one]);
  });

  test('a row without Dutch (NULL or empty) answers its English in nl', async () => {
    const db = t.server.db;
    await db.query(`UPDATE projects SET description_nld = NULL, unit_nld = '' WHERE id = 6`);
    await db.query(`UPDATE project_types SET name_nld = NULL WHERE id = 5`);
    await db.query(
      `INSERT INTO projects (id, name, search_key, description, unit_description, social, has_image, type_id, category_id, unit, unit_points, unit_amount, accumulation_units_plural)
       VALUES (900, 'Harbour Seals', 'harbour seals', '<p>Care for stranded seal pups.</p>', '<p>One step = one day of care.</p>', false, false, 1, 1, 'day', 100, 1, 'days')`,
    );
    const { list } = await projects('nl');
    expect(byId(list, 6)).toMatchObject({ unit: 'kg', accumulation_units_plural: 'kg', type: { id: 5, name: 'Water' } });
    expect(byId(list, 6).description).toMatch(/^<p>Volunteers and small boats/);
    expect(byId(list, 4).type).toEqual({ id: 5, name: 'Water' });
    expect(byId(list, 900)).toMatchObject({
      description: '<p>Care for stranded seal pups.</p>',
      unit_description: '<p>One step = one day of care.</p>',
      unit: 'day',
      accumulation_units_plural: 'days',
      type: { id: 1, name: 'Natuur' },
      category: { id: 1, name: 'Milieu' },
    });
    // The rest keeps its Dutch.
    expect(byId(list, 2).unit).toBe('boom');
  });

  test('the seed fills the Dutch of a catalogue seeded before it, but not of rows an operator changed', async () => {
    const db = t.server.db;
    await db.query(`UPDATE projects SET description_nld = NULL, unit_description_nld = NULL, unit_nld = NULL, accumulation_units_plural_nld = NULL WHERE id IN (7, 8, 9)`);
    await db.query(`UPDATE project_categories SET name_nld = NULL`);
    await db.query(`UPDATE projects SET name = 'Our Own Clinic' WHERE id = 9`);
    await db.query(`UPDATE projects SET unit_nld = 'dag' WHERE id = 900`);
    await seedProjectDutch(db);
    await seedProjectDutch(db);
    const { list } = await projects('nl');
    expect(byId(list, 7)).toMatchObject({ unit: 'koraalstek', accumulation_units_plural: 'koraalstekken', category: { name: 'Milieu' } });
    expect(byId(list, 8).description).toMatch(/^<p>Betaal schooldagen/);
    expect(byId(list, 9)).toMatchObject({ name: 'Our Own Clinic', unit: 'check-up' });
    expect(byId(list, 900).unit).toBe('dag');
  });
});
