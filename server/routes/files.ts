/**
 * POST /files (multipart: file, mime) → 201 { id, url }. Images only, recognised by their magic
 * bytes (png, jpeg, webp, gif; never svg), at most 2 MB. Served back at /media/uploads/{id}-{key}:
 * the random key keeps profile photos from being enumerated by id.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { accountGone, HttpError } from '../http/errors.ts';
import { validationError } from '../services/errors.ts';
import { requireUser, userId } from '../http/auth.ts';
import { randomToken } from '../auth/tokens.ts';
import { uploadUrl } from '../services/uploads.ts';

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
const KEEP_UPLOADS = 5;

export function sniffImage(b: Uint8Array): string | null {
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) return 'image/png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 12 && String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...b.subarray(8, 12)) === 'WEBP') return 'image/webp';
  if (b.length >= 6 && (String.fromCharCode(...b.subarray(0, 6)) === 'GIF87a' || String.fromCharCode(...b.subarray(0, 6)) === 'GIF89a')) return 'image/gif';
  return null;
}

export function fileRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.post('/files', requireUser, async (c) => {
    const uid = userId(c);
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    if (!type.startsWith('multipart/form-data')) {
      throw validationError([{ property_path: 'file', message: 'Send the image as multipart/form-data in a field named file.', code: 'required' }]);
    }
    let form: Record<string, unknown>;
    try {
      form = (await c.req.parseBody()) as Record<string, unknown>;
    } catch (err) {
      if (err instanceof HttpError) throw err;
      throw new HttpError(400, 'invalid_request', 'The multipart body could not be read.');
    }
    const file = form.file;
    if (!(file instanceof File)) {
      throw validationError([{ property_path: 'file', message: 'A file is required.', code: 'required' }]);
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      throw validationError([{ property_path: 'file', message: 'The file is too large (2 MB at most).', code: 'too_large' }]);
    }
    if (file.size === 0) {
      throw validationError([{ property_path: 'file', message: 'The file is empty.', code: 'empty_file' }]);
    }
    // The magic bytes are enough to tell the type; the rest goes to the store as it is.
    const mime = sniffImage(new Uint8Array(await file.slice(0, 12).arrayBuffer()));
    if (!mime) {
      throw validationError([{ property_path: 'file', message: 'The file must be a PNG, JPEG, WebP or GIF image.', code: 'invalid_mime_type' }]);
    }
    const key = randomToken(12);
    const { db, files } = c.var;
    const { rows } = await db.query<{ id: number }>('INSERT INTO files (user_id, access_key, mime, size) VALUES ($1, $2, $3, $4) RETURNING id', [
      uid,
      key,
      mime,
      file.size,
    ]);
    const id = rows[0].id;
    // No one can read the file before this answers: its URL carries the random key.
    try {
      await files.save(db, id, file);
    } catch (err) {
      await db.query('DELETE FROM files WHERE id = $1', [id]);
      await files.remove([id]);
      throw err;
    }
    // The row went meanwhile: the account was deleted (its files' bytes removed before these were saved), or
    // five newer uploads of the user trimmed it. Either way its bytes go; only the first is a 401.
    if ((await db.query('SELECT 1 FROM files WHERE id = $1', [id])).rows.length === 0) {
      await files.remove([id]);
      if ((await db.query('SELECT 1 FROM users WHERE id = $1', [uid])).rows.length === 0) throw accountGone();
      throw new HttpError(409, 'conflict', 'The request collided with another change. Please try again.');
    }
    // Keep storage bounded: a user's five newest uploads and their current profile photo stay.
    const gone = await db.query<{ id: number }>(
      `DELETE FROM files WHERE user_id = $1
          AND id NOT IN (SELECT id FROM files WHERE user_id = $1 ORDER BY id DESC LIMIT ${KEEP_UPLOADS})
          AND id IS DISTINCT FROM (SELECT profile_photo_id FROM users WHERE id = $1)
        RETURNING id`,
      [uid],
    );
    await files.remove(gone.rows.map((r) => r.id));
    return c.json({ id, url: uploadUrl(id, key) }, 201);
  });
  return r;
}
