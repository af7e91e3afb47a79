/** POST /files: multipart profile photo upload (images only, 2 MB at most). */
import { describe, expect, test } from 'vitest';
import { useServer, type SignedUp } from './support/harness.ts';
import { expectError, expectOk, userShape } from './support/shapes.ts';
import { z } from 'zod';

const t = useServer();
const uploaded = z.object({ id: z.number().int().positive(), url: z.string().min(1) });

// A real 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);

function form(bytes: Uint8Array, name = 'photo.png', type = 'image/png', field = 'file'): FormData {
  const fd = new FormData();
  fd.set(field, new Blob([new Uint8Array(bytes)], { type }), name);
  fd.set('mime', 'not_validate');
  return fd;
}

const upload = (u: SignedUp, fd: FormData) => u.api.post('/files', undefined, { raw: fd });

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
});
