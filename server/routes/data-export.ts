/**
 * POST /application-users/me/export { password? } → the user's data as a streamed JSON download
 * (services/data-export.ts has the shape and the table list). Step-up: the password again, or a
 * sign-in on this device within STEP_UP_MINUTES. Limited per user (EXPORT_LIMIT).
 */
import { Hono } from 'hono';
import { stream } from 'hono/streaming';
import { z } from 'zod';
import type { AppEnv } from '../http/env.ts';
import { HttpError } from '../http/errors.ts';
import { parseBody } from '../http/validate.ts';
import { requireUser, userId } from '../http/auth.ts';
import { perUserLimit } from '../http/rate-limit.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { signedInWithin, writeUserExport } from '../services/data-export.ts';

export const STEP_UP_MINUTES = 5;
/** Exports per user: a few an hour is plenty for a person and bounds the cost of a long history. */
export const EXPORT_LIMIT = { points: 3, seconds: 3600 };

export const ExportBody = z.object({ password: z.string().min(1).max(1024).optional() });

export function dataExportRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.post('/application-users/me/export', requireUser, perUserLimit('export', EXPORT_LIMIT), async (c) => {
    const { db } = c.var;
    const uid = userId(c);
    const body = await parseBody(c, ExportBody);
    let ok = false;
    if (body.password !== undefined) {
      const { rows } = await db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [uid]);
      ok = await verifyPassword(rows[0]?.password_hash ?? null, body.password);
    } else {
      ok = await signedInWithin(db, c.var.auth?.family, STEP_UP_MINUTES);
    }
    if (!ok) {
      throw new HttpError(403, 'step_up_required', `Enter your password again (or sign in again: a sign-in within ${STEP_UP_MINUTES} minutes counts).`);
    }
    c.header('Content-Type', 'application/json; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="socialpay-data-${new Date().toISOString().slice(0, 10)}.json"`);
    c.header('Cache-Control', 'no-store');
    return stream(c, async (s) => {
      await writeUserExport(db, uid, (chunk) => s.write(chunk));
    });
  });
  return r;
}
