#!/usr/bin/env node
// Quick end-to-end smoke of a running server: node scripts/smoke-api.mjs [baseUrl]
// Prints one line per check and exits non-zero when something is off. Not a test suite
// (tests/api is); this is for poking a live server, e.g. one on real PostgreSQL.
const base = (process.argv[2] ?? 'http://localhost:8080').replace(/\/$/, '');
let failures = 0;
const check = (name, ok, extra = '') => {
  if (!ok) failures++;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${extra ? '  ' + extra : ''}`);
};
async function call(method, path, { token, body, form, headers = {} } = {}) {
  const h = { ...headers };
  if (token) h.authorization = `Bearer ${token}`;
  let payload;
  if (form) payload = form;
  else if (body !== undefined) {
    h['content-type'] = 'application/json';
    payload = typeof body === 'string' ? body : JSON.stringify(body);
  }
  const res = await fetch(base + path, { method, headers: h, body: payload, redirect: 'manual' });
  const text = await res.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {}
  return { status: res.status, json, text, headers: res.headers };
}
const api = (p) => `/api/v1.0${p}`;

const health = await call('GET', api('/health'));
check('health', health.status === 200 && health.json?.ok === true);
const visitor = await call('POST', '/oauth/v2/token', { body: { grant_type: 'client_credentials', scope: 'ios' } });
check('client_credentials', visitor.status === 200 && !!visitor.json.access_token && !visitor.json.refresh_token);
const vt = visitor.json.access_token;
const login = await call('POST', '/oauth/v2/token', {
  form: new URLSearchParams({ grant_type: 'password', username: 'demo@socialpay.test', password: 'demo-pass-2026', scope: 'ios' }),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
check('password grant (form)', login.status === 200 && !!login.json.refresh_token);
let t = login.json.access_token;
const refreshed = await call('POST', '/oauth/v2/token', { body: { grant_type: 'refresh_token', refresh_token: login.json.refresh_token } });
check('refresh rotates', refreshed.status === 200 && refreshed.json.refresh_token !== login.json.refresh_token);
const reuse = await call('POST', '/oauth/v2/token', { body: { grant_type: 'refresh_token', refresh_token: login.json.refresh_token } });
check('refresh reuse → 400 invalid_grant', reuse.status === 400 && reuse.json.error === 'invalid_grant');
const afterReuse = await call('GET', api('/application-users/me'), { token: refreshed.json.access_token });
check('family revoked after reuse', afterReuse.status === 401);
t = (await call('POST', '/oauth/v2/token', { body: { grant_type: 'password', username: 'demo@socialpay.test', password: 'demo-pass-2026' } })).json.access_token;

const me = await call('GET', api('/application-users/me'), { token: t });
check('me', me.status === 200 && me.json.email === 'demo@socialpay.test', `balance ${me.json?.loyalty_account?.amount?.amount}`);
check('no token → 401', (await call('GET', api('/application-users/me'))).status === 401);
check('visitor → 403', (await call('GET', api('/application-users/me'), { token: vt })).status === 403);
check('malformed JSON → 400', (await call('POST', '/api/v1/project/1/donate', { token: t, body: '{"amount":' })).status === 400);

const countries = await call('GET', api('/site/countries'), { token: vt });
check('countries', countries.status === 200 && countries.json.results[0].alpha3 === 'NLD');
const cats = await call('GET', api('/site/categories'), { token: vt });
check('categories', cats.status === 200 && cats.json.results.length >= 10);
const all = await call('GET', api('/corporate-partners/category/all?limit=200'), { token: t });
check('brands all', all.status === 200 && all.json.metadata.total >= 120, `total ${all.json?.metadata?.total}`);
const search = await call('GET', '/api/v1/site/corporate-partners/all?filter%5Bname%5D=CAFE', { token: vt });
check('search accent-insensitive', search.json?.results?.some((b) => b.name === 'Café Zonneveld'));
const nld = await call('GET', api('/site/corporate-partners/all?limit=200&filter%5Bcountry%5D=NLD'), { token: vt });
check('filter country', nld.json.results.every((b) => b.country.alpha3 === 'NLD') && nld.json.metadata.total < all.json.metadata.total);
const cat1 = await call('GET', api('/corporate-partners/category/1?limit=8'), { token: t });
check('by category', cat1.status === 200 && cat1.json.results.length === 8);
const primary = await call('GET', api('/corporate-partners/category/all?filter%5Bprimary%5D=1&limit=36'), { token: t });
check('primary filter', primary.json.results.length >= 3 && primary.json.results.every((b) => b.is_primary));
const b1 = await call('GET', api('/corporate-partners/1'), { token: t });
check('brand by id', b1.status === 200 && b1.json.is_favorite === true);
const byName = await call('GET', api(`/corporate-partners/by-name/${encodeURIComponent(b1.json.name.toLowerCase())}?filter%5Bcountry%5D=SWE`), { token: t });
check('brand by name + country', byName.status === 200 && byName.json.country.alpha3 === 'SWE');
check('brand 404', (await call('GET', api('/corporate-partners/999999'), { token: t })).status === 404);
const favs = await call('GET', api('/corporate-partners/favorites?limit=200'), { token: t });
check('favorites', favs.status === 200 && favs.json.metadata.total >= 5);
const fav = await call('POST', api('/corporate-partners/2/favorite'), { token: t });
check('favorite', fav.status === 200 && fav.json.is_favorite === true);
const unfav = await call('DELETE', api('/corporate-partners/2/favorite'), { token: t });
check('unfavorite', unfav.status === 200 && unfav.json.is_favorite === false);

const wallet = await call('GET', api('/wallet/me'), { token: t });
check('wallet', wallet.status === 200 && wallet.json.length >= 3 && wallet.json[0].corporate_partner.is_primary);
const pay = await call('POST', api('/corporate-partners/3/pay'), { token: t, body: { amount: 25 } });
check('pay', pay.status === 201 && pay.json.payment_url.includes('/sandbox/pay/'));
const ready0 = await call('GET', api(`/payment-intent/order-is-ready/${pay.json.order_id}`), { token: t });
check('order pending', ready0.status === 202);
const payPage = await call('GET', new URL(pay.json.payment_url).pathname);
check('sandbox pay page', payPage.status === 200 && payPage.text.includes('Pay'));
const done = await call('POST', new URL(pay.json.payment_url).pathname + '/pay');
check('sandbox pay → 303', done.status === 303 && done.headers.get('location').includes(`orderId=${pay.json.order_id}`));
const ready1 = await call('GET', api(`/payment-intent/order-is-ready/${pay.json.order_id}`), { token: t });
check('order ready', ready1.status === 200 && ready1.json.ready === true);

const projects = await call('GET', api('/project?limit=200'), { token: t });
check('projects', projects.status === 200 && projects.json.results.length >= 12);
const p1 = await call('GET', api('/project/1'), { token: t });
check('project REWILDING', p1.json.name === 'REWILDING' && p1.json.unit === 'm2');
const targets = await call('GET', api('/application-users/targets'), { token: t });
check('targets', targets.status === 200 && targets.json.metadata.total === 2);
const third = await call('POST', api('/application-users/targets'), { token: t, body: { target_id: 4 } });
check('third target → 422 max_two_targets', third.status === 422 && third.json.error === 'max_two_targets');
const again = await call('POST', api('/application-users/targets'), { token: t, body: { target_id: 3 } });
check('existing target → 200', again.status === 200);
const donate = await call('POST', api('/project/3/donate'), { token: t, body: { amount: 100 } });
check('donate', donate.status === 201, JSON.stringify(donate.json));
const tooMuch = await call('POST', api('/project/3/donate'), { token: t, body: { amount: 10_000_000 } });
check('donate too much → 422', tooMuch.status === 422 && tooMuch.json.error === 'insufficient_points');
const year = new Date().getUTCFullYear();
const saving = await call('GET', api(`/user-saving?filter%5Byear%5D=${year - 1}`), { token: t });
check('user-saving', saving.status === 200 && Object.keys(saving.json.monthly).length === 12, `total ${saving.json?.total}`);
const contrib = await call('GET', api('/contribution'), { token: t });
check('contribution', contrib.status === 200 && contrib.json.results.length >= 3);
const tx = await call('GET', api('/user-loyalty-transactions?limit=1000'), { token: t });
const types = new Set(tx.json.results.map((r) => r.type.name));
check('transactions', tx.status === 200 && types.size === 10, `${tx.json.metadata.total} rows, ${types.size} types`);
const interests = await call('GET', api('/interests'), { token: t });
check('interests', interests.status === 200 && interests.json.results.length >= 8);
const fondo = await call('GET', api('/loyalty/fondo/journey/start'), { token: t });
check('fondo start', fondo.status === 200 && fondo.json.url.includes('/sandbox/fondo?token='));
const fondoPage = await call('GET', new URL(fondo.json.url).pathname + new URL(fondo.json.url).search);
check('fondo page framable by self', fondoPage.status === 200 && /frame-ancestors 'self'/.test(fondoPage.headers.get('content-security-policy')));
check('tracking', (await call('POST', api('/tracking/screen-visit'), { body: { screen: 'Menu Screen' } })).status === 204);
check('reset password', (await call('POST', api('/reset-password/nobody@example.com'), { token: vt })).status === 200);
const logo = await call('GET', '/media/brands/4/logo.svg');
check('media logo', logo.status === 200 && logo.headers.get('content-type').startsWith('image/svg+xml'));

console.log(failures ? `\n${failures} check(s) failed` : '\nall good');
process.exit(failures ? 1 : 0);
