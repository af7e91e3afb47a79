/**
 * POST /files (multipart: file, mime) → 201 { id, url }. Images only, recognised by their magic
 * bytes (png, jpeg, webp, gif; never svg), at most 2 MB. Served back at /media/uploads/{id}-{key}:
 * the random key keeps profile photos from being enumerated by id.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { HttpError, validationError } from '../http/errors.ts';
import { requireUser, userId } from '../auth/middleware.ts';
import { randomToken } from '../auth/tokens.ts';
import { uploadUrl } from '../services/uploads.ts';

export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
const KEEP_UPLOADS = 5;
export const FILE_CHUNK_BYTES = 256 * 1024;

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
    const bytes = new Uint8Array(await file.arrayBuffer());
    const mime = sniffImage(bytes);
    if (!mime) {
      throw validationError([{ property_path: 'file', message: 'The file must be a PNG, JPEG, WebP or GIF image.', code: 'invalid_mime_type' }]);
    }
    const key = randomToken(12);
    const { db } = c.var;
    const { rows } = await db.query<{ id: number }>('INSERT INTO files (user_id, access_key, mime, size) VALUES ($1, $2, $3, $4) RETURNING id', [
      uid,
      key,
      mime,
      bytes.length,
    ]);
    // Chunk by chunk, each its own statement, so other requests run in between (see migration 005).
    // No one can read the file before this answers: its URL carries the random key. Base64 text, decoded
    // by the database: PGlite turns a bytea parameter into hex one byte at a time in JavaScript.
    const all = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let seq = 0; seq * FILE_CHUNK_BYTES < all.length; seq++) {
      const part = all.subarray(seq * FILE_CHUNK_BYTES, (seq + 1) * FILE_CHUNK_BYTES);
      await db.query(`INSERT INTO file_chunks (file_id, seq, data) VALUES ($1, $2, decode($3, 'base64'))`, [rows[0].id, seq, part.toString('base64')]);
    }
    const id = rows[0].id;
    // Keep storage bounded: a user's five newest uploads and their current profile photo stay.
    await c.var.db.query(
      `DELETE FROM files WHERE user_id = $1
          AND id NOT IN (SELECT id FROM files WHERE user_id = $1 ORDER BY id DESC LIMIT ${KEEP_UPLOADS})
          AND id IS DISTINCT FROM (SELECT profile_photo_id FROM users WHERE id = $1)`,
      [uid],
    );
    return c.json({ id, url: uploadUrl(id, key) }, 201);
  });
  return r;
}
