/**
 * The README's backup drill for the embedded database (`npm start`, PGlite): stop the server, copy
 * DATA_DIR and the photo folder beside it (`<DATA_DIR>-uploads`), start it again; restore by stopping
 * it and putting both copies back. Changes made after the backup (a favorite, a new profile photo that
 * deletes the old one) are gone after the restore, and the backed-up photo is served again, byte for byte.
 * Needs no PostgreSQL: the built server on a data directory of its own.
 */
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import type { Client } from '../support/client.ts';
import { reads } from './drill-reads.ts';
import { startProcess, stopProcess, type Proc } from './processes.ts';

const work = mkdtempSync(join(tmpdir(), 'socialpay-embedded-backup-'));
const DATA_DIR = join(work, 'pglite');
const UPLOADS = `${DATA_DIR}-uploads`;
const BACKUP = join(work, 'backup');
const procs: Proc[] = [];

afterAll(async () => {
  await Promise.all(procs.map(stopProcess));
  rmSync(work, { recursive: true, force: true });
});

async function start(): Promise<Proc> {
  const p = await startProcess('', { DATA_DIR });
  procs.push(p);
  return p;
}

/** Uploads a new image (a GIF header and random bytes) and makes it the profile photo. */
async function newProfilePhoto(user: Client): Promise<{ url: string; bytes: Buffer }> {
  const bytes = Buffer.concat([Buffer.from('GIF89a'), randomBytes(4000)]);
  const fd = new FormData();
  fd.set('file', new Blob([new Uint8Array(bytes)], { type: 'image/gif' }), 'photo.gif');
  const up = await user.post('/files', undefined, { raw: fd });
  expect(up.status, up.text).toBe(201);
  const me = (await user.get('/application-users/me')).body;
  const body = { first_name: me.first_name, last_name: me.last_name, email: me.email, country_id: me.country.id, edit_version: me.edit_version, profile_photo_id: up.body.id };
  const put = await user.put('/application-users/me', body);
  expect(put.status, put.text).toBe(200);
  return { url: up.body.url, bytes };
}

async function served(p: Proc, url: string): Promise<Buffer | number> {
  const r = await fetch(p.url + url);
  return r.status === 200 ? Buffer.from(await r.arrayBuffer()) : r.status;
}

test('stop, copy DATA_DIR and its uploads folder: putting both back restores the data and the photos', async () => {
  let server = await start();
  const { user } = await reads(server);
  expect((await user.post('/corporate-partners/7/favorite')).status).toBe(200);
  expect((await user.post('/corporate-partners/5/pay', { amount: 12 })).status).toBe(201);
  const photo = await newProfilePhoto(user);
  const { out: expected } = await reads(server);
  expect(await served(server, photo.url)).toEqual(photo.bytes);

  // Backup: stop the server, copy both folders, start it again.
  await stopProcess(server);
  expect(existsSync(UPLOADS), 'the photo folder is beside DATA_DIR').toBe(true);
  cpSync(DATA_DIR, join(BACKUP, 'pglite'), { recursive: true });
  cpSync(UPLOADS, join(BACKUP, 'pglite-uploads'), { recursive: true });
  server = await start();

  // Life goes on after the backup: another favorite, and a new photo that deletes the backed-up one.
  const after = (await reads(server)).user;
  expect((await after.post('/corporate-partners/9/favorite')).status).toBe(200);
  const newer = await newProfilePhoto(after);
  expect(await served(server, photo.url)).toBe(404);
  expect((await reads(server)).out).not.toEqual(expected);

  // Restore: stop it, put both copies back, start it.
  await stopProcess(server);
  rmSync(DATA_DIR, { recursive: true, force: true });
  rmSync(UPLOADS, { recursive: true, force: true });
  cpSync(join(BACKUP, 'pglite'), DATA_DIR, { recursive: true });
  cpSync(join(BACKUP, 'pglite-uploads'), UPLOADS, { recursive: true });
  server = await start();

  expect((await fetch(`${server.url}/api/v1.0/ready`)).status).toBe(200);
  const { out: got } = await reads(server);
  expect(got).toEqual(expected);
  expect(await served(server, photo.url)).toEqual(photo.bytes);
  expect(await served(server, newer.url)).toBe(404);
}, 400_000);
