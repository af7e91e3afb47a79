/**
 * Test-mode third parties, same origin under /sandbox:
 * - payment provider: /sandbox/pay/{token} with Pay and Cancel (plain forms, no scripts);
 * - fund-signup provider: /sandbox/fondo?token=… (framed by the app) whose form targets the top
 *   window and ends on the app's /journey/success route;
 * - demo partner shop: /sandbox/partner-shop/{brandId} (partner-shop.ts), the demo brands' SHOP link.
 * Return URLs come from PUBLIC_URL only, never from the request. Pages for an order or a journey speak
 * the language the user started it in (stored with it) and return to the app in that language; pages
 * without one follow the browser's Accept-Language.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { escapeHtml, type Lang } from '../text.ts';
import { sha256 } from '../auth/tokens.ts';
import { settleOrder } from '../services/orders.ts';
import { requestLang } from '../http/lang.ts';
import { formatEuro, SANDBOX_COPY } from './copy.ts';
import { html, page } from './layout.ts';
import { partnerShopRoutes, type Deliver } from './partner-shop.ts';

const tokenOk = (t: string | undefined): t is string => typeof t === 'string' && /^[A-Za-z0-9_-]{10,100}$/.test(t);

function notFoundPage(lang: Lang): string {
  const t = SANDBOX_COPY[lang];
  return page(lang, t.notFoundTitle, `<h1>${escapeHtml(t.notFoundTitle)}</h1><p>${escapeHtml(t.notFoundBody)}</p>`);
}

function fundExpiredPage(lang: Lang): string {
  const t = SANDBOX_COPY[lang];
  return page(lang, t.fundExpiredTitle, `<h1>${escapeHtml(t.fundExpiredTitle)}</h1><p>${escapeHtml(t.fundExpiredBody)}</p>`);
}

export function sandboxRoutes(deliver: Deliver): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.route('/partner-shop', partnerShopRoutes(deliver));

  r.get('/pay/:token', async (c) => {
    const token = c.req.param('token');
    if (!tokenOk(token)) return html(c, notFoundPage(requestLang(c)), 404);
    const { rows } = await c.var.db.query<{ id: number; amount: number; currency: string; status: string; expired: boolean; brand: string; brand_nl: string; lang: Lang }>(
      `SELECT o.id, o.amount, o.currency, o.status, o.expired, o.lang, b.name AS brand, coalesce(nullif(b.name_nld, ''), b.name) AS brand_nl
         FROM orders o JOIN brands b ON b.id = o.brand_id WHERE o.token_hash = $1`,
      [sha256(token)],
    );
    const o = rows[0];
    if (!o) return html(c, notFoundPage(requestLang(c)), 404);
    const t = SANDBOX_COPY[o.lang];
    if (o.status !== 'pending') {
      const heading = o.status === 'paid' ? t.alreadyPaid : o.expired ? t.expired : t.alreadyCancelled;
      return html(
        c,
        page(
          o.lang,
          t.closedTitle,
          `<h1>${escapeHtml(heading)}</h1>
<p><a href="${escapeHtml(returnUrl(c, o.id, o.status === 'cancelled', o.lang))}">${escapeHtml(t.backToApp)}</a></p>`,
        ),
      );
    }
    const base = `/sandbox/pay/${encodeURIComponent(token)}`;
    return html(
      c,
      page(
        o.lang,
        t.payTitle,
        `<p><span class="badge">${escapeHtml(t.testMode)}</span></p>
<h1>${escapeHtml(t.payHeading(o.lang === 'nl' ? o.brand_nl : o.brand))}</h1>
<p>${escapeHtml(t.order(o.id))}</p>
<p>${escapeHtml(t.amountToPay)} <strong class="amount">${escapeHtml(formatEuro(o.amount, o.lang))}</strong></p>
<div class="row">
  <form method="post" action="${base}/pay"><button type="submit" class="primary">${escapeHtml(t.pay)}</button></form>
  <form method="post" action="${base}/cancel"><button type="submit" class="secondary">${escapeHtml(t.cancel)}</button></form>
</div>`,
      ),
    );
  });

  for (const action of ['pay', 'cancel'] as const) {
    r.post(`/pay/:token/${action}`, async (c) => {
      const token = c.req.param('token');
      const result = tokenOk(token) ? await settleOrder(c.var.db, token, action) : null;
      if (!result) return html(c, notFoundPage(requestLang(c)), 404);
      return c.redirect(returnUrl(c, result.id, result.status === 'cancelled', result.lang), 303);
    });
  }

  r.get('/fondo', async (c) => {
    const token = c.req.query('token');
    const journey = tokenOk(token)
      ? (await c.var.db.query<{ lang: Lang }>('SELECT lang FROM fondo_journeys WHERE token_hash = $1', [sha256(token)])).rows[0]
      : undefined;
    if (!journey) return html(c, fundExpiredPage(requestLang(c)), 404);
    const lang = journey.lang;
    const t = SANDBOX_COPY[lang];
    return html(
      c,
      page(
        lang,
        t.fundTitle,
        `<p><span class="badge">${escapeHtml(t.fundBadge)}</span></p>
<h1>${escapeHtml(t.fundTitle)}</h1>
<p>${escapeHtml(t.fundIntro)}</p>
<form method="post" action="/sandbox/fondo/done" target="_top">
  <input type="hidden" name="token" value="${escapeHtml(token ?? '')}">
  <label for="full-name">${escapeHtml(t.fullName)}</label>
  <input id="full-name" name="name" autocomplete="name" required maxlength="100">
  <p><button type="submit" class="primary">${escapeHtml(t.signUp)}</button></p>
</form>`,
      ),
    );
  });

  // The fund's key information document that the success screen opens in a new tab, in the language
  // the app asks for (?lang=), else the browser's.
  r.get('/fondo/document', (c) => {
    const asked = c.req.query('lang');
    const lang: Lang = asked === 'nl' || asked === 'en' ? asked : requestLang(c);
    const t = SANDBOX_COPY[lang];
    return html(
      c,
      page(
        lang,
        t.docTitle,
        `<p><span class="badge">${escapeHtml(t.fundBadge)}</span></p>
<h1>${escapeHtml(t.docTitle)}</h1>
<p>${escapeHtml(t.docIntro)}</p>
<h2>${escapeHtml(t.docObjectiveTitle)}</h2>
<p>${escapeHtml(t.docObjective)}</p>
<h2>${escapeHtml(t.docRiskTitle)}</h2>
<p>${escapeHtml(t.docRisk)}</p>
<h2>${escapeHtml(t.docCostsTitle)}</h2>
<p>${escapeHtml(t.docCosts)}</p>`,
      ),
    );
  });

  r.post('/fondo/done', async (c) => {
    let token: string | undefined;
    try {
      const form = await c.req.parseBody();
      token = typeof form.token === 'string' ? form.token : undefined;
    } catch {
      token = undefined;
    }
    const found = tokenOk(token)
      ? await c.var.db.query<{ lang: Lang }>(
          'UPDATE fondo_journeys SET completed_at = coalesce(completed_at, now()) WHERE token_hash = $1 RETURNING lang',
          [sha256(token)],
        )
      : { rows: [] };
    const journey = found.rows[0];
    if (!journey) return html(c, fundExpiredPage(requestLang(c)), 404);
    return c.redirect(`${c.var.config.publicUrl}/#${langPrefix(journey.lang)}/journey/success`, 303);
  });

  return r;
}

const langPrefix = (lang: Lang) => (lang === 'nl' ? '/nl' : '');

function returnUrl(c: Context<AppEnv>, orderId: number, cancelled: boolean, lang: Lang): string {
  return `${c.var.config.publicUrl}/#${langPrefix(lang)}/wallet?orderId=${orderId}${cancelled ? '&status=cancelled' : ''}`;
}
