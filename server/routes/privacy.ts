/**
 * The user's privacy controls: the screen-visit choice and the signed-in devices.
 * GET/PUT /application-users/me/privacy; GET /application-users/me/devices,
 * DELETE /application-users/me/devices/{id}, POST /application-users/me/devices/sign-out-others.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../http/env.ts';
import { parseBody } from '../http/validate.ts';
import { requireUser, userId } from '../http/auth.ts';
import { notFound } from '../services/errors.ts';
import { getPrivacy, setScreenVisitConsent } from '../services/privacy.ts';
import { listDevices, signOutDevice, signOutOtherDevices } from '../auth/devices.ts';

export const PrivacyBody = z.object({ screen_visits: z.boolean({ error: 'screen_visits must be true or false.' }) });

export function privacyRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get('/application-users/me/privacy', requireUser, async (c) => c.json(await getPrivacy(c.var.db, userId(c))));
  r.put('/application-users/me/privacy', requireUser, async (c) => {
    const body = await parseBody(c, PrivacyBody);
    return c.json(await setScreenVisitConsent(c.var.db, userId(c), body.screen_visits));
  });

  r.get('/application-users/me/devices', requireUser, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ results: await listDevices(c.var.db, userId(c), c.var.auth?.family) });
  });
  r.post('/application-users/me/devices/sign-out-others', requireUser, async (c) => {
    await signOutOtherDevices(c.var.db, userId(c), c.var.auth?.family);
    return c.body(null, 204);
  });
  r.delete('/application-users/me/devices/:id', requireUser, async (c) => {
    const id = c.req.param('id');
    if (!/^[0-9a-f]{32}$/.test(id) || !(await signOutDevice(c.var.db, userId(c), id))) throw notFound('Device');
    return c.body(null, 204);
  });
  return r;
}
