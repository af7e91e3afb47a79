/**
 * The demo partner shop (/sandbox/partner-shop/{brandId}), opened by the SHOP link of the demo
 * brands with the tap's click reference in the brand's parameter. It plays the shop and its
 * affiliate network `demo`: "Place an order" posts a signed `pending` conversion for that click,
 * then "Approve" / "Decline" post the next status, each through the real
 * POST /partner/v1/conversions (signature and all), so a person can watch a reward travel the ladder.
 * An order page's address (a random order reference) is what lets one move it on.
 * Anyone can sign conversions here, so it exists only for the demo (partnerShopOpen): with
 * PARTNER_SECRETS or DEMO_USERS=0 (a deployment) every address of it is a 404.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../http/env.ts';
import type { Config } from '../config.ts';
import { requestLang } from '../http/lang.ts';
import type { Lang } from '../text.ts';
import { escapeHtml } from '../text.ts';
import { randomToken } from '../auth/tokens.ts';
import { partnerSecrets, DEMO_NETWORK } from '../services/partner-secrets.ts';
import { signatureHeader } from '../services/partner-signature.ts';
import { centsToAmount, orderAmountCents } from '../contract/order-amount.ts';
import type { PartnerConversion } from '../contract/types.ts';
import { formatEuro, SANDBOX_COPY } from './copy.ts';
import { html, page } from './layout.ts';
import { HttpError } from '../http/errors.ts';

/** Sends a request through the app itself (the partner route), as a network's HTTP call would arrive. */
export type Deliver = (req: Request) => Response | Promise<Response>;

interface ShopBrand {
  id: number;
  name: string;
  name_nld: string;
  click_ref_param: string;
}

interface ShopOrder {
  order_ref: string;
  click_ref: string;
  order_amount: number;
  status: 'pending' | 'approved' | 'declined';
}

const ORDER_REF = /^demo-[A-Za-z0-9_-]{16}$/;
const CLICK_REF = /^[\x21-\x7e]{1,128}$/;

/** "59.95", "59,95", "59" or "59.5" → cents; null otherwise. */
function typedAmount(text: string): number | null {
  const m = /^\s*(\d{1,5})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return orderAmountCents(`${Number(m[1])}.${(m[2] ?? '').padEnd(2, '0')}`);
}

/** The demo network is the only one (no PARTNER_SECRETS) and the demo data is on. */
export const partnerShopOpen = (config: Pick<Config, 'partnerSecrets' | 'demoUsers'>): boolean => !config.partnerSecrets && config.demoUsers > 0;

export function partnerShopRoutes(deliver: Deliver): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  // The same 404 as an address that does not exist.
  r.use('*', async (c, next) => {
    if (!partnerShopOpen(c.var.config)) throw new HttpError(404, 'not_found', 'No such resource.');
    await next();
  });

  const brandOf = async (c: Context<AppEnv>): Promise<ShopBrand | null> => {
    const id = c.req.param('brandId') ?? '';
    if (!/^\d{1,9}$/.test(id)) return null;
    const { rows } = await c.var.db.query<ShopBrand>(`SELECT id, name, name_nld, click_ref_param FROM brands WHERE id = $1 AND network = $2`, [Number(id), DEMO_NETWORK]);
    return rows[0] ?? null;
  };
  const nameIn = (b: ShopBrand, lang: Lang) => (lang === 'nl' && b.name_nld ? b.name_nld : b.name);
  const missing = (c: Context<AppEnv>, lang: Lang) => html(c, page(lang, SANDBOX_COPY[lang].shopNotFound, `<h1>${escapeHtml(SANDBOX_COPY[lang].shopNotFound)}</h1>`), 404);

  /** Signs and posts one delivery of this order; answers the partner route's status. */
  const send = async (c: Context<AppEnv>, order: ShopOrder, status: ShopOrder['status']): Promise<number> => {
    const secret = (await partnerSecrets(c.var.db, c.var.config)).get(DEMO_NETWORK);
    if (!secret) return 401;
    const body: PartnerConversion = {
      network: DEMO_NETWORK,
      event_id: `demo-evt-${randomToken(12)}`,
      order_ref: order.order_ref,
      click_ref: order.click_ref,
      status,
      order_amount: centsToAmount(order.order_amount),
      currency: 'EUR',
      ...(status === 'declined' ? { reason: 'returned' } : {}),
      occurred_at: new Date().toISOString(),
    };
    const raw = JSON.stringify(body);
    const res = await deliver(
      new Request(`${c.var.config.publicUrl}/partner/v1/conversions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-SocialPay-Signature': signatureHeader(secret, raw) },
        body: raw,
      }),
    );
    await res.body?.cancel();
    return res.status;
  };

  const shopPage = (c: Context<AppEnv>, brand: ShopBrand, lang: Lang, clickRef: string | null, error: boolean) => {
    const t = SANDBOX_COPY[lang];
    const name = nameIn(brand, lang);
    return html(
      c,
      page(
        lang,
        t.shopTitle(name),
        `<p><span class="badge">${escapeHtml(t.shopBadge)}</span></p>
<h1>${escapeHtml(t.shopTitle(name))}</h1>
<p>${escapeHtml(t.shopIntro)}</p>
<p>${escapeHtml(clickRef ? t.shopClick(clickRef) : t.shopNoClick)}</p>
<form method="post" action="/sandbox/partner-shop/${brand.id}/order?lang=${lang}">
  <input type="hidden" name="click_ref" value="${escapeHtml(clickRef ?? '')}">
  <label for="order-amount">${escapeHtml(t.shopAmount)}</label>
  <input id="order-amount" name="amount" inputmode="decimal" required maxlength="9" aria-describedby="order-amount-hint${error ? ' order-amount-error' : ''}"${error ? ' aria-invalid="true"' : ''}>
  <p id="order-amount-hint">${escapeHtml(t.shopAmountHint)}</p>
  ${error ? `<p id="order-amount-error" role="alert">${escapeHtml(t.shopAmountError)}</p>` : ''}
  <p><button type="submit" class="primary">${escapeHtml(t.shopPlace)}</button></p>
</form>`,
      ),
      error ? 422 : 200,
    );
  };

  const langOf = (c: Context<AppEnv>): Lang => {
    const q = c.req.query('lang');
    return q === 'nl' || q === 'en' ? q : requestLang(c);
  };

  r.get('/:brandId', async (c) => {
    const lang = langOf(c);
    const brand = await brandOf(c);
    if (!brand) return missing(c, lang);
    const ref = c.req.query(brand.click_ref_param);
    return shopPage(c, brand, lang, ref && CLICK_REF.test(ref) ? ref : null, false);
  });

  r.post('/:brandId/order', async (c) => {
    const lang = langOf(c);
    const brand = await brandOf(c);
    if (!brand) return missing(c, lang);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const ref = typeof form.click_ref === 'string' && CLICK_REF.test(form.click_ref) ? form.click_ref : null;
    const cents = typeof form.amount === 'string' ? typedAmount(form.amount) : null;
    if (cents === null) return shopPage(c, brand, lang, ref, true);
    // Without a click reference the order still goes to the network: SocialPay keeps it unmatched.
    const order: ShopOrder = { order_ref: `demo-${randomToken(12)}`, click_ref: ref ?? `no-click-${randomToken(9)}`, order_amount: cents, status: 'pending' };
    const code = await send(c, order, 'pending');
    if (code === 401) return html(c, page(lang, SANDBOX_COPY[lang].shopNoNetwork, `<h1>${escapeHtml(SANDBOX_COPY[lang].shopNoNetwork)}</h1>`), 409);
    return c.redirect(`/sandbox/partner-shop/${brand.id}/orders/${order.order_ref}?lang=${lang}&sent=pending&code=${code}`, 303);
  });

  const orderOf = async (c: Context<AppEnv>): Promise<ShopOrder | null> => {
    const ref = c.req.param('orderRef') ?? '';
    if (!ORDER_REF.test(ref)) return null;
    const { rows } = await c.var.db.query<ShopOrder>(
      'SELECT order_ref, click_ref, order_amount, status FROM partner_conversions WHERE network = $1 AND order_ref = $2',
      [DEMO_NETWORK, ref],
    );
    return rows[0] ?? null;
  };

  r.get('/:brandId/orders/:orderRef', async (c) => {
    const lang = langOf(c);
    const brand = await brandOf(c);
    const order = brand && (await orderOf(c));
    if (!brand || !order) return missing(c, lang);
    const t = SANDBOX_COPY[lang];
    const sent = c.req.query('sent');
    const code = Number(c.req.query('code'));
    const sentLine =
      (sent === 'pending' || sent === 'approved' || sent === 'declined') && Number.isInteger(code)
        ? `<p role="status">${escapeHtml(t.orderSent(t.orderStatusName[sent], code))}</p>`
        : '';
    const base = `/sandbox/partner-shop/${brand.id}/orders/${order.order_ref}`;
    const actions =
      order.status === 'declined'
        ? `<p>${escapeHtml(t.orderDone)}</p>`
        : `<p>${escapeHtml(t.orderNext)}</p>
<div class="row">
  ${order.status === 'pending' ? `<form method="post" action="${base}/approved?lang=${lang}"><button type="submit" class="primary">${escapeHtml(t.orderApprove)}</button></form>` : ''}
  <form method="post" action="${base}/declined?lang=${lang}"><button type="submit" class="secondary">${escapeHtml(t.orderDecline)}</button></form>
</div>`;
    return html(
      c,
      page(
        lang,
        t.orderTitle(order.order_ref),
        `<p><span class="badge">${escapeHtml(t.shopBadge)}</span></p>
<h1>${escapeHtml(t.orderTitle(order.order_ref))}</h1>
${sentLine}
<p>${escapeHtml(t.orderAmount(formatEuro(order.order_amount, lang)))}</p>
<p>${escapeHtml(t.orderStatus)} <strong data-testid="order-status">${escapeHtml(t.orderStatusName[order.status])}</strong></p>
${actions}
<p><a href="/sandbox/partner-shop/${brand.id}?lang=${lang}&amp;${encodeURIComponent(brand.click_ref_param)}=${encodeURIComponent(order.click_ref)}">${escapeHtml(t.orderBack)}</a></p>`,
      ),
    );
  });

  for (const status of ['approved', 'declined'] as const) {
    r.post(`/:brandId/orders/:orderRef/${status}`, async (c) => {
      const lang = langOf(c);
      const brand = await brandOf(c);
      const order = brand && (await orderOf(c));
      if (!brand || !order) return missing(c, lang);
      const code = await send(c, order, status);
      return c.redirect(`/sandbox/partner-shop/${brand.id}/orders/${order.order_ref}?lang=${lang}&sent=${status}&code=${code}`, 303);
    });
  }

  return r;
}
