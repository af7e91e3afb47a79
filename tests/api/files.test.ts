/** POST /files: multipart profile photo upload (images only, 2 MB at most). */
import { describe, expect, test } from 'vitest';
import { useServer, type SignedUp } from './support/harness.ts';
import { expectError, expectOk, userShape } from './support/shapes.ts';
import { z } from 'zod';
import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileStoreFor } from '../../server/services/file-store.ts';
import { purgeOldRows } from '../../server/jobs/retention.ts';
import { PNG } from './support/images.ts';

const t = useServer();
const uploaded = z.object({ id: z.number().int().positive(), url: z.string().min(1) });

const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

function form(bytes: Uint8Array, name = 'photo.png', type = 'image/png', field = 'file'): FormData {
  const fd = new FormData();
  fd.set(field, new Blob([new Uint8Array(bytes)], { type }), name);
  fd.set('mime', 'not_validate');
  return fd;
}

const upload = (u: SignedUp, fd: FormData) => u.api.post('/files', undefined, { raw: fd });
const setPhoto = async (u: SignedUp, id: number | null) => {
  const me = (await u.api.get('/application-users/me')).body;
  const body = { first_name: 'A', last_name: 'B', email: u.email, country_id: 1, edit_version: me.edit_version, profile_photo_id: id };
  return expectOk(await u.api.put('/application-users/me', body), 200, userShape);
};
const served = async (url: string) => {
  const r = await fetch(t.baseUrl + url);
  return r.status === 200 ? Buffer.from(await r.arrayBuffer()) : r.status;
};

/** Where a file's bytes are: on disk (PGlite) or in the database's chunks (PostgreSQL). */
async function stored(id: number): Promise<{ onDisk: boolean; chunks: number }> {
  const dir = fileStoreFor(t.server.db).dir;
  const { rows } = await t.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM file_chunks WHERE file_id = $1', [id]);
  return { onDisk: dir !== null && existsSync(join(dir, String(id))), chunks: rows[0].n };
}
const nowhere = { onDisk: false, chunks: 0 };

describe('POST /files', () => {
  test('201 with id and url; the url serves the same bytes; it can become the profile photo', async () => {
    const u = await t.signUp();
    const f = expectOk(await upload(u, form(PNG)), 201, uploaded);
    const img = await fetch(t.baseUrl + f.url);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG)).toBe(true);
    const me = expectOk(
      await u.api.put('/application-users/me', {
        first_name: 'A', last_name: 'B', email: u.email, country_id: 1, edit_version: u.user.edit_version, profile_photo_id: f.id,
      }),
      200,
      userShape,
    );
    expect(me.profile_photo).toEqual({ id: f.id, url: f.url });
  });

  test('the type is decided by the content, not the declared name or type: a JPEG named .txt is fine', async () => {
    const u = await t.signUp();
    expectOk(await upload(u, form(Buffer.concat([JPEG_HEAD, Buffer.alloc(100)]), 'x.txt', 'text/plain')), 201, uploaded);
  });

  test.each([
    ['text declared as an image', Buffer.from('hello, not an image'), 'a.png', 'image/png'],
    ['an SVG (can carry scripts)', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'a.svg', 'image/svg+xml'],
    ['HTML', Buffer.from('<html><script>alert(1)</script></html>'), 'a.html', 'text/html'],
    ['an empty file', Buffer.alloc(0), 'a.png', 'image/png'],
  ])('%s → 422 violation on file', async (_l, bytes, name, type) => {
    const u = await t.signUp();
    const e = expectError(await upload(u, form(bytes, name, type)), 422);
    expect(e.violations?.map((v) => v.property_path)).toEqual(['file']);
  });

  test('an image over 2 MB → 422 on file; a body over the upload limit → 413', async () => {
    const u = await t.signUp();
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const e = expectError(await upload(u, form(big)), 422);
    expect(e.violations?.[0].property_path).toBe('file');
    const huge = Buffer.concat([PNG, Buffer.alloc(4 * 1024 * 1024)]);
    expectError(await upload(u, form(huge)), 413);
    const { rows } = await t.server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM files WHERE user_id = $1', [u.user.id]);
    expect(rows[0].n).toBe(0);
  });

  test('no file field, a JSON body or a broken multipart body → 4xx in the error shape', async () => {
    const u = await t.signUp();
    expectError(await upload(u, form(PNG, 'a.png', 'image/png', 'photo')), 422);
    expectError(await u.api.post('/files', { file: PNG.toString('base64') }), 422);
    const r = await u.api.post('/files', undefined, { raw: '--xyz\r\nbroken', contentType: 'multipart/form-data; boundary=xyz' });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
  });

  test('another user cannot use my upload as their profile photo', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const f = expectOk(await upload(a, form(PNG)), 201, uploaded);
    const e = expectError(
      await b.api.put('/application-users/me', {
        first_name: 'A', last_name: 'B', email: b.email, country_id: 1, edit_version: b.user.edit_version, profile_photo_id: f.id,
      }),
      422,
    );
    expect(e.violations?.map((v) => v.property_path)).toContain('profile_photo_id');
    expect((await b.api.get('/application-users/me')).body.profile_photo).toBeNull();
  });

  test('no token → 401; visitor → 403', async () => {
    expectError(await t.anon.post('/files', undefined, { raw: form(PNG) }), 401, 'unauthorized');
    expectError(await t.api(await t.visitorToken()).post('/files', undefined, { raw: form(PNG), prefix: '/api/v1' }), 403, 'forbidden');
  });

  test('on PGlite the bytes are files on disk, on PostgreSQL rows in the database; a replaced photo and a deleted account leave neither', async () => {
    const u = await t.signUp();
    const a = expectOk(await upload(u, form(PNG)), 201, uploaded);
    const b = expectOk(await upload(u, form(Buffer.concat([JPEG_HEAD, Buffer.alloc(300 * 1024, 7)]))), 201, uploaded);
    expect(await stored(a.id)).toEqual(t.server.db.kind === 'pglite' ? { onDisk: true, chunks: 0 } : { onDisk: false, chunks: 1 });
    expect(await stored(b.id)).toEqual(t.server.db.kind === 'pglite' ? { onDisk: true, chunks: 0 } : { onDisk: false, chunks: 2 });
    await setPhoto(u, a.id);
    expect((await setPhoto(u, b.id)).profile_photo).toEqual({ id: b.id, url: b.url });
    expect(await served(a.url)).toBe(404);
    expect(await stored(a.id)).toEqual(nowhere);
    expect(((await served(b.url)) as Buffer).length).toBe(JPEG_HEAD.length + 300 * 1024);
    const c = expectOk(await upload(u, form(PNG)), 201, uploaded);
    expect(await u.api.delete('/application-users/me')).toMatchObject({ status: 204 });
    for (const f of [b, c]) {
      expect(await served(f.url)).toBe(404);
      expect(await stored(f.id)).toEqual(nowhere);
    }
  });

  test('a photo stored in the database before files moved to disk is still served (on PGlite, moved to disk on first read)', async () => {
    const u = await t.signUp();
    const bytes = Buffer.concat([JPEG_HEAD, Buffer.alloc(300 * 1024, 9)]);
    const { db } = t.server;
    const { rows } = await db.query<{ id: number }>(`INSERT INTO files (user_id, access_key, mime, size) VALUES ($1, 'legacyKey12345', 'image/jpeg', $2) RETURNING id`, [
      u.user.id,
      bytes.length,
    ]);
    const id = rows[0].id;
    for (const [seq, part] of [bytes.subarray(0, 256 * 1024), bytes.subarray(256 * 1024)].entries()) {
      await db.query(`INSERT INTO file_chunks (file_id, seq, data) VALUES ($1, $2, decode($3, 'base64'))`, [id, seq, part.toString('base64')]);
    }
    expect(await served(`/media/uploads/${id}-legacyKey12345`)).toEqual(bytes);
    expect(await stored(id)).toEqual(t.server.db.kind === 'pglite' ? { onDisk: true, chunks: 0 } : { onDisk: false, chunks: 2 });
    expect(await served(`/media/uploads/${id}-legacyKey12345`)).toEqual(bytes);
  });

  test('the retention purge deletes bytes a crash left without a row (PGlite) and keeps every upload', async () => {
    const u = await t.signUp();
    const f = expectOk(await upload(u, form(PNG)), 201, uploaded);
    const dir = fileStoreFor(t.server.db).dir;
    const planted = dir ? [join(dir, '987654321'), join(dir, `${f.id}.abc.part`), join(dir, `${f.id}.new.part`)] : [];
    for (const p of planted) writeFileSync(p, 'left over');
    if (dir) utimesSync(planted[1], new Date(Date.now() - 2 * 3600_000), new Date(Date.now() - 2 * 3600_000));
    const purged = await purgeOldRows(t.server.db, { visitRetentionDays: 90 });
    expect(purged.orphan_uploads).toBe(dir ? 2 : 0);
    // A half-written file younger than an hour may still be being written.
    expect(planted.map((p) => existsSync(p))).toEqual(dir ? [false, false, true] : []);
    expect(await served(f.url)).toEqual(PNG);
  });
});
