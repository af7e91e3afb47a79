/**
 * Deterministic fictional catalogue: countries, interests, categories, brands, projects.
 * Brand i is generated from its index alone, so any catalogue size (SEED_BRANDS) is reproducible
 * and a smaller catalogue is a prefix of a larger one. All names are invented; sites use the
 * reserved .example domain.
 */
import type { Db } from '../db/open.ts';
import { insertRows } from '../db/insert-rows.ts';
import { searchKey } from '../contract/search-text.ts';
import { mulberry32, intBetween, pick } from './prng.ts';
import { BRAND_INSERT_COLUMNS, type BrandRow } from '../db/brand-columns.ts';

export const NORMAL_BRAND_COUNT = 132;

export const COUNTRIES = [{ id: 1, name: 'Netherlands', alpha2: 'NL', alpha3: 'NLD', currency: 'EUR', numeric: '528' }];

export const INTERESTS: [number, string, string][] = [
  [1, 'Sustainability', 'Duurzaamheid'],
  [2, 'Fashion', 'Mode'],
  [3, 'Travel', 'Reizen'],
  [4, 'Food & drink', 'Eten & drinken'],
  [5, 'Technology', 'Technologie'],
  [6, 'Sports', 'Sport'],
  [7, 'Home & garden', 'Huis & tuin'],
  [8, 'Beauty', 'Verzorging'],
  [9, 'Kids', 'Kinderen'],
  [10, 'Pets', 'Huisdieren'],
  [11, 'Books', 'Boeken'],
  [12, 'Health', 'Gezondheid'],
];

/** [id, name, name_nld, sort_order]; Gifts has no sort_order (the app falls back to 999). */
export const CATEGORIES: [number, string, string, number | null][] = [
  [1, 'Fashion', 'Mode', 1],
  [2, 'Electronics', 'Elektronica', 2],
  [3, 'Home & Garden', 'Huis & tuin', 3],
  [4, 'Travel', 'Reizen', 4],
  [5, 'Food & Drinks', 'Eten & drinken', 5],
  [6, 'Beauty & Care', 'Beauty & verzorging', 6],
  [7, 'Sports & Outdoor', 'Sport & buiten', 7],
  [8, 'Kids & Toys', 'Kinderen & speelgoed', 8],
  [9, 'Books & Media', 'Boeken & media', 9],
  [10, 'Pets', 'Huisdieren', 10],
  [11, 'Health', 'Gezondheid', 11],
  [12, 'Gifts', 'Cadeaus', null],
];

const FIRST = [
  'Groen', 'Noord', 'Zonne', 'Blauw', 'Vlinder', 'Tulpen', 'Molen', 'Duin', 'Klaver', 'Eiken',
  'Polder', 'Haven', 'Kiezel', 'Linden', 'Wilg', 'Berken', 'Meeuw', 'Storm', 'Zilver', 'Koper',
  'Parel', 'Amber', 'Veen', 'Heide', 'Rivier', 'Lente',
];
const SECOND = [
  'huis', 'markt', 'winkel', 'atelier', 'lab', 'hoek', 'kraam', 'werk', 'schuur', 'zaak',
  'boetiek', 'studio', 'depot', 'loods', 'kamer', 'tuin', 'plein', 'kade', 'dijk', 'straat',
];
const COMBOS = FIRST.length * SECOND.length; // 520

/** Names with accents and markup-significant characters, to exercise search and escaping. */
const SPECIAL_NAMES: Record<number, string> = {
  3: 'Café Zonneveld',
  10: 'Crème de la Duin',
  17: 'Bloem & Bijoux',
  24: 'Éénhoorn Speelgoed',
  38: 'Smørrebrød Huis',
  52: "Jan's Fietsen",
};

/** Brands with an English name and a Dutch one (name_nld), for the Dutch mode. */
const BILINGUAL_NAMES: Record<number, [string, string]> = {
  45: ['Green Corner', 'Groene Hoek'],
  60: ['Sunny Side Travel', 'Zonnige Kant Reizen'],
  75: ['Little Explorers', 'Kleine Ontdekkers'],
  90: ['Book Nook', 'Boekenhoekje'],
  105: ['Happy Paws', 'Blije Pootjes'],
};

/** Brand 129 is a Swedish twin of brand 0 (same name, other country) for by-name + filter[country]. */
const TWIN_INDEX = 129;

export function brandName(i: number): string {
  if (SPECIAL_NAMES[i]) return SPECIAL_NAMES[i];
  if (BILINGUAL_NAMES[i]) return BILINGUAL_NAMES[i][0];
  if (i === TWIN_INDEX) return brandName(0);
  const j = i < COMBOS ? (i * 7) % COMBOS : i % COMBOS;
  const base = FIRST[j % FIRST.length] + SECOND[Math.floor(j / FIRST.length) % SECOND.length];
  return i < COMBOS ? base : `${base} ${Math.floor(i / COMBOS) + 1}`;
}

function slugOf(name: string): string {
  return searchKey(name).replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

const PRIMARY = new Set([0, 12, 31, 47, 66]);

const PLANET = [
  ['Uses 100% renewable electricity in its stores.', 'Gebruikt 100% groene stroom in de winkels.'],
  ['Ships in plastic-free, recycled packaging.', 'Verzendt in plasticvrije, gerecyclede verpakking.'],
  ['Offers a repair service for everything it sells.', 'Biedt een reparatieservice voor alles wat het verkoopt.'],
];
const PEOPLE = [
  ['Pays a living wage across its supply chain.', 'Betaalt een leefbaar loon in de hele keten.'],
  ['Publishes a full list of its factories.', 'Publiceert een volledige lijst van zijn fabrieken.'],
];
const PRINCIPLES = [
  ['Independent B-style certification audited yearly.', 'Jaarlijks onafhankelijk gecontroleerde certificering.'],
  ['Transparent about tax and ownership.', 'Transparant over belasting en eigendom.'],
];

/** Brands (by index) whose SHOP link opens the sandbox's demo partner shop, on the network `demo`. */
export const DEMO_NETWORK_BRANDS = new Set([2, 3]);
/** A demo brand's outbound link: on this server, with a parameter of its own that must survive. */
export const demoShopLink = (brandId: number) => `/sandbox/partner-shop/${brandId}?ref=socialpay`;

function description(name: string, long: boolean, nl: boolean): string {
  const short = nl
    ? `<p><strong>${name}</strong> is een fictieve partner van SocialPay. Shop via SocialPay en spaar mee voor je pensioen.</p>`
    : `<p><strong>${name}</strong> is a fictional SocialPay partner. Shop through SocialPay and save towards your pension.</p>`;
  if (!long) return short;
  const more = nl
    ? `<p>Elke aankoop levert een beloning op die als punten op je account komt. Na de retourtermijn worden de punten bevestigd en kun je ze inleggen in je pensioenrekening of doneren aan een impactproject.</p><ul><li>Gratis verzending vanaf € 25</li><li>30 dagen bedenktijd</li><li>Klantenservice op werkdagen</li></ul><p>Let op: het kan tot 90 dagen duren voordat een transactie is bevestigd, omdat artikelen nog kunnen worden geretourneerd.</p>`
    : `<p>Every purchase earns a reward that arrives on your account as points. Once the return period has passed the points are confirmed and you can contribute them to your pension account or donate them to an impact project.</p><ul><li>Free shipping from €25</li><li>30-day returns</li><li>Customer service on weekdays</li></ul><p>Note: clearance can take up to 90 days because items may still be returned.</p>`;
  return short + more;
}

export function brandAt(i: number): BrandRow {
  const rand = mulberry32(0x5eed + i * 7919);
  const name = brandName(i);
  // Most brand names are the same in Dutch; a few have a Dutch name of their own.
  const nameNld = BILINGUAL_NAMES[i]?.[1] ?? name;
  const slug = slugOf(name) + (i === TWIN_INDEX ? '-se' : '');
  const country =
    i === TWIN_INDEX ? ['SWE', 'Sweden'] : i % 15 === 7 ? ['SWE', 'Sweden'] : i % 15 === 11 ? ['DEU', 'Germany'] : ['NLD', 'Netherlands'];
  const commissionFixed = i % 5 === 2;
  const giftcardFixed = i % 6 === 1;
  const demo = DEMO_NETWORK_BRANDS.has(i);
  const affiliateLink = demo
    ? demoShopLink(i + 1)
    : i % 11 === 4 ? null : i % 7 === 3 ? `${slug}.example/shop` : `https://${slug}.example/?ref=socialpay`;
  const ratingCycle = [null, 'GREEN', 'AMBER', 'GREY', 'GREEN'] as const;
  const rating = ratingCycle[i % ratingCycle.length];
  const proof: BrandRow['proof_points'] =
    rating === null
      ? null
      : [
          { pillar: 'planet' as const, ...pp(pick(rand, PLANET)) },
          { pillar: 'people' as const, ...pp(pick(rand, PEOPLE)) },
          ...(rating === 'GREEN' ? [{ pillar: 'principles' as const, ...pp(pick(rand, PRINCIPLES)) }] : []),
        ];
  return {
    id: i + 1,
    name,
    name_nld: nameNld,
    // Both names are searchable: a Dutch user may type either.
    search_key: nameNld === name ? searchKey(name) : `${searchKey(name)} | ${searchKey(nameNld)}`,
    description: description(name, i % 3 === 0, false),
    description_nld: description(nameNld, i % 3 === 0, true),
    has_photo: i % 9 !== 4,
    has_logo: i % 13 !== 6,
    hide_background_image: i % 17 === 3,
    hide_logo: i % 19 === 5,
    hide_name: i % 23 === 7,
    site: `${slug}.example`,
    affiliate_percent: commissionFixed ? intBetween(rand, 1, 10) * 250 : intBetween(rand, 2, 24) / 2,
    commission_type: commissionFixed ? 'fixed' : 'percentage',
    commission_currency: 'EUR',
    affiliate_link: affiliateLink,
    giftcard_percent: giftcardFixed ? intBetween(rand, 1, 10) * 100 : intBetween(rand, 3, 10),
    giftcard_type: giftcardFixed ? 'fixed' : 'percentage',
    is_primary: PRIMARY.has(i) || (i >= NORMAL_BRAND_COUNT && i % 400 === 0),
    category_id: CATEGORIES[i % CATEGORIES.length][0],
    country_alpha3: country[0],
    country_name: country[1],
    rating,
    proof_points: proof,
    network: demo ? 'demo' : null,
    click_ref_param: demo ? 'clickref' : 'subid',
  };
}

function pp([text, textNld]: string[]): { text: string; text_nld: string } {
  return { text, text_nld: textNld };
}

/** Secondary categories of brand i (category ids), never its primary category. */
export function secondaryCategoriesAt(i: number): number[] {
  if (i % 4 !== 0) return [];
  const primary = CATEGORIES[i % CATEGORIES.length][0];
  const second = CATEGORIES[((i >> 2) * 5 + 3) % CATEGORIES.length][0];
  const out = second !== primary ? [second] : [];
  if (i % 12 === 0) {
    const third = CATEGORIES[(i + 6) % CATEGORIES.length][0];
    if (third !== primary && !out.includes(third)) out.push(third);
  }
  return out;
}

/** [id, name, name_nld] */
export const PROJECT_TYPES: [number, string, string][] = [
  [1, 'Nature', 'Natuur'],
  [2, 'Climate', 'Klimaat'],
  [3, 'Education', 'Onderwijs'],
  [4, 'Health', 'Gezondheid'],
  [5, 'Water', 'Water'],
];
export const PROJECT_CATEGORIES: [number, string, string][] = [
  [1, 'Environment', 'Milieu'],
  [2, 'Social', 'Sociaal'],
];

export interface ProjectSeed {
  id: number;
  name: string;
  social: boolean;
  type: number | null;
  category: number;
  unit: string;
  plural: string;
  unitPoints: number;
  unitAmount: number;
  eligible?: boolean;
  blurb: string;
  /** The Dutch: unit, plural and blurb. */
  nl: { unit: string; plural: string; blurb: string };
}

export const PROJECTS: ProjectSeed[] = [
  { id: 1, name: 'REWILDING', social: false, type: 1, category: 1, unit: 'm2', plural: 'm2', unitPoints: 250, unitAmount: 1, blurb: 'Give land back to nature: every step rewilds one square metre of former farmland along the river.', nl: { unit: 'm2', plural: 'm2', blurb: 'Geef land terug aan de natuur: elke stap maakt één vierkante meter voormalige landbouwgrond langs de rivier weer wild.' } },
  { id: 2, name: 'Forest Corridors', social: false, type: 2, category: 1, unit: 'tree', plural: 'trees', unitPoints: 500, unitAmount: 1, blurb: 'Plant native trees that connect isolated woodlands so animals can move between them.', nl: { unit: 'boom', plural: 'bomen', blurb: 'Plant inheemse bomen die losse bossen met elkaar verbinden, zodat dieren zich ertussen kunnen verplaatsen.' } },
  { id: 3, name: 'School Meals', social: true, type: 3, category: 2, unit: 'meal', plural: 'meals', unitPoints: 100, unitAmount: 1, blurb: 'A warm, healthy lunch for a child at school, cooked with local produce.', nl: { unit: 'maaltijd', plural: 'maaltijden', blurb: 'Een warme, gezonde lunch voor een kind op school, gekookt met lokale producten.' } },
  { id: 4, name: 'Clean Water Wells', social: true, type: 5, category: 2, unit: 'litre', plural: 'litres', unitPoints: 50, unitAmount: 10, blurb: 'Community wells and filters that bring safe drinking water to villages.', nl: { unit: 'liter', plural: 'liter', blurb: 'Waterputten en filters van en voor de gemeenschap, die veilig drinkwater naar dorpen brengen.' } },
  { id: 5, name: 'Solar Lanterns', social: true, type: 2, category: 2, unit: 'lantern', plural: 'lanterns', unitPoints: 1000, unitAmount: 1, blurb: 'Solar lanterns replace kerosene lamps so families can study and work after dark.', nl: { unit: 'lantaarn', plural: 'lantaarns', blurb: 'Lantaarns op zonne-energie vervangen petroleumlampen, zodat gezinnen ook na het donker kunnen leren en werken.' } },
  { id: 6, name: 'Sea Litter Patrol', social: false, type: 5, category: 1, unit: 'kg', plural: 'kg', unitPoints: 200, unitAmount: 1, blurb: 'Volunteers and small boats collect plastic from beaches and harbours.', nl: { unit: 'kg', plural: 'kg', blurb: 'Vrijwilligers en kleine boten halen plastic van stranden en uit havens.' } },
  { id: 7, name: 'Coral Nursery', social: false, type: 1, category: 1, unit: 'coral fragment', plural: 'coral fragments', unitPoints: 300, unitAmount: 1, blurb: 'Grow coral fragments in underwater nurseries and replant damaged reefs.', nl: { unit: 'koraalstek', plural: 'koraalstekken', blurb: 'Kweek koraalstekken in kwekerijen onder water en plant ze terug op beschadigde riffen.' } },
  { id: 8, name: 'Girls Learn', social: true, type: 3, category: 2, unit: 'school day', plural: 'school days', unitPoints: 150, unitAmount: 1, blurb: 'Fund school days, books and uniforms for girls who would otherwise leave school.', nl: { unit: 'schooldag', plural: 'schooldagen', blurb: 'Betaal schooldagen, boeken en uniformen voor meisjes die anders van school zouden gaan.' } },
  { id: 9, name: 'Community Health Workers', social: true, type: 4, category: 2, unit: 'check-up', plural: 'check-ups', unitPoints: 400, unitAmount: 1, blurb: 'Trained local health workers visit families for check-ups and advice.', nl: { unit: 'controle', plural: 'controles', blurb: 'Opgeleide gezondheidswerkers uit de buurt bezoeken gezinnen voor controles en advies.' } },
  { id: 10, name: 'Bee Meadows', social: false, type: 1, category: 1, unit: 'm2', plural: 'm2', unitPoints: 100, unitAmount: 2, blurb: 'Sow wildflower meadows along roads and dikes for bees and butterflies.', nl: { unit: 'm2', plural: 'm2', blurb: 'Zaai bloemrijke bermen langs wegen en dijken voor bijen en vlinders.' } },
  { id: 11, name: 'Food Bank Parcels', social: true, type: null, category: 2, unit: 'parcel', plural: 'parcels', unitPoints: 1500, unitAmount: 1, blurb: 'A week of groceries for a family that needs a little help.', nl: { unit: 'pakket', plural: 'pakketten', blurb: 'Een week boodschappen voor een gezin dat wel wat hulp kan gebruiken.' } },
  { id: 12, name: 'Peatland Restoration', social: false, type: 2, category: 1, unit: 'm2', plural: 'm2', unitPoints: 200, unitAmount: 1, blurb: 'Re-wet drained peat so it stops releasing carbon and stores it again.', nl: { unit: 'm2', plural: 'm2', blurb: 'Maak drooggelegd veen weer nat, zodat het geen koolstof meer uitstoot maar weer vasthoudt.' } },
  { id: 13, name: 'Reading Buddies', social: true, type: null, category: 2, unit: 'book', plural: 'books', unitPoints: 800, unitAmount: 1, blurb: 'Volunteers read with children and every child takes a book home.', nl: { unit: 'boek', plural: 'boeken', blurb: 'Vrijwilligers lezen samen met kinderen, en elk kind neemt een boek mee naar huis.' } },
  { id: 14, name: 'Legacy Wind Park', social: false, type: 2, category: 1, unit: 'kWh', plural: 'kWh', unitPoints: 100, unitAmount: 5, eligible: false, blurb: 'A finished wind project kept for history; it no longer accepts reward targets.', nl: { unit: 'kWh', plural: 'kWh', blurb: 'Een afgerond windproject dat we bewaren voor de geschiedenis; het kan geen beloningsdoel meer zijn.' } },
];

function projectDescription(p: ProjectSeed): string {
  return `<p>${p.blurb}</p><p>Your points are converted into ${p.plural}: ${p.unitPoints} points fund ${p.unitAmount} ${p.unitAmount === 1 ? p.unit : p.plural}.</p>`;
}
function projectDescriptionNl(p: ProjectSeed): string {
  return `<p>${p.nl.blurb}</p><p>Je punten worden omgezet in ${p.nl.plural}: met ${p.unitPoints} punten financier je ${p.unitAmount} ${p.unitAmount === 1 ? p.nl.unit : p.nl.plural}.</p>`;
}
const unitDescription = (p: ProjectSeed) => (p.id % 3 === 0 ? null : `<p>One step of ${p.unitPoints} points = ${p.unitAmount} ${p.unitAmount === 1 ? p.unit : p.plural}.</p>`);
const unitDescriptionNl = (p: ProjectSeed) => (p.id % 3 === 0 ? null : `<p>Eén stap van ${p.unitPoints} punten = ${p.unitAmount} ${p.unitAmount === 1 ? p.nl.unit : p.nl.plural}.</p>`);

/**
 * The Dutch of the demo project types, categories and projects. Run after every seed: on a catalogue
 * seeded before the Dutch existed (migration 010 added the columns) it fills what is still empty, for
 * rows that are still the demo's (same id and English name), so an operator's own text is never touched.
 */
export async function seedProjectDutch(db: Db): Promise<void> {
  const json = (rows: unknown[]) => [JSON.stringify(rows)];
  for (const [table, rows] of [['project_types', PROJECT_TYPES], ['project_categories', PROJECT_CATEGORIES]] as const) {
    await db.query(
      `UPDATE ${table} t SET name_nld = x.name_nld FROM jsonb_to_recordset($1::jsonb) AS x(id integer, name text, name_nld text)
        WHERE t.id = x.id AND t.name = x.name AND t.name_nld IS NULL`,
      json(rows.map(([id, name, name_nld]) => ({ id, name, name_nld }))),
    );
  }
  await db.query(
    `UPDATE projects p
        SET description_nld = x.description_nld, unit_description_nld = x.unit_description_nld,
            unit_nld = x.unit_nld, accumulation_units_plural_nld = x.plural_nld
       FROM jsonb_to_recordset($1::jsonb)
            AS x(id integer, name text, description_nld text, unit_description_nld text, unit_nld text, plural_nld text)
      WHERE p.id = x.id AND p.name = x.name AND p.description_nld IS NULL`,
    json(
      PROJECTS.map((p) => ({
        id: p.id,
        name: p.name,
        description_nld: projectDescriptionNl(p),
        unit_description_nld: unitDescriptionNl(p),
        unit_nld: p.nl.unit,
        plural_nld: p.nl.plural,
      })),
    ),
  );
}

export async function seedCatalogue(db: Db, brandCount: number): Promise<void> {
  await insertRows(
    db,
    'countries',
    [['id', 'integer'], ['name', 'text'], ['alpha2', 'text'], ['alpha3', 'text'], ['currency', 'text'], ['numeric', 'text']],
    COUNTRIES as unknown as Record<string, unknown>[],
  );
  await insertRows(
    db,
    'interests',
    [['id', 'integer'], ['name', 'text'], ['name_nld', 'text']],
    INTERESTS.map(([id, name, name_nld]) => ({ id, name, name_nld })),
  );
  await insertRows(
    db,
    'categories',
    [['id', 'integer'], ['name', 'text'], ['name_nld', 'text'], ['sort_order', 'integer']],
    CATEGORIES.map(([id, name, name_nld, sort_order]) => ({ id, name, name_nld, sort_order })),
  );
  await insertRows(db, 'project_types', [['id', 'integer'], ['name', 'text']], PROJECT_TYPES.map(([id, name]) => ({ id, name })));
  // The Dutch texts: seedProjectDutch (after this, on every start).
  await insertRows(
    db,
    'project_categories',
    [['id', 'integer'], ['name', 'text']],
    PROJECT_CATEGORIES.map(([id, name]) => ({ id, name })),
  );
  await insertRows(
    db,
    'projects',
    [
      ['id', 'integer'], ['name', 'text'], ['search_key', 'text'], ['description', 'text'], ['unit_description', 'text'],
      ['social', 'boolean'], ['has_image', 'boolean'], ['type_id', 'integer'], ['category_id', 'integer'], ['unit', 'text'],
      ['unit_points', 'integer'], ['unit_amount', 'double precision'], ['accumulation_units_plural', 'text'],
      ['loyalty_eligible', 'boolean'],
    ],
    PROJECTS.map((p) => ({
      id: p.id,
      name: p.name,
      search_key: searchKey(p.name),
      description: projectDescription(p),
      unit_description: unitDescription(p),
      social: p.social,
      has_image: true, // every project has its generated picture (issue 33: Reading Buddies had none)
      type_id: p.type,
      category_id: p.category,
      unit: p.unit,
      unit_points: p.unitPoints,
      unit_amount: p.unitAmount,
      accumulation_units_plural: p.plural,
      loyalty_eligible: p.eligible ?? true,
    })),
  );
  await db.query(`INSERT INTO loyalty_accounts (system_key) VALUES ('rewards'), ('pension')`);
  await db.query(`INSERT INTO loyalty_accounts (project_id) SELECT id FROM projects ORDER BY id`);
  await addBrands(db, 0, brandCount);
}

/** Adds brands with indexes [from, to). */
export async function addBrands(db: Db, from: number, to: number): Promise<void> {
  const rows: BrandRow[] = [];
  const secondary: { brand_id: number; category_id: number }[] = [];
  for (let i = from; i < to; i++) {
    rows.push(brandAt(i));
    for (const c of secondaryCategoriesAt(i)) secondary.push({ brand_id: i + 1, category_id: c });
  }
  await insertRows(db, 'brands', BRAND_INSERT_COLUMNS, rows, 1000);
  await insertRows(db, 'brand_secondary_categories', [['brand_id', 'integer'], ['category_id', 'integer']], secondary, 5000);
}
