/** GET /media/…: generated brand and project images (media/svg.ts) and uploaded files' bytes. */
import { Hono } from 'hono';
import type { AppEnv } from '../http/env.ts';
import { HttpError } from '../http/errors.ts';
import { logoSvg, photoSvg, projectSvg } from '../media/svg.ts';

const SVG_HEADERS = {
  'Content-Type': 'image/svg+xml; charset=utf-8',
  'Cache-Control': 'public, max-age=86400',
  // An SVG opened directly must not run anything.
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
};

const idOf = (v: string | undefined): number => {
  const m = /^(\d{1,9})$/.exec(v ?? '');
  if (!m) throw new HttpError(404, 'not_found', 'Image not found.');
  return Number(m[1]);
};

export function mediaRoutes(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();
  r.get('/brands/:id/:kind', async (c) => {
    const kind = c.req.param('kind');
    if (kind !== 'logo.svg' && kind !== 'photo.svg') throw new HttpError(404, 'not_found', 'Image not found.');
    const id = idOf(c.req.param('id'));
    const { rows } = await c.var.db.query<{ name: string }>('SELECT name FROM brands WHERE id = $1', [id]);
    if (!rows[0]) throw new HttpError(404, 'not_found', 'Image not found.');
    const svg = kind === 'logo.svg' ? logoSvg(id, rows[0].name) : photoSvg(id, rows[0].name);
    return c.body(svg, 200, SVG_HEADERS);
  });
  r.get('/projects/:file', async (c) => {
    const id = idOf(/^(\d+)\.svg$/.exec(c.req.param('file'))?.[1]);
    const { rows } = await c.var.db.query<{ name: string; social: boolean }>('SELECT name, social FROM projects WHERE id = $1', [id]);
    if (!rows[0]) throw new HttpError(404, 'not_found', 'Image not found.');
    return c.body(projectSvg(id, rows[0].name, rows[0].social), 200, SVG_HEADERS);
  });
  r.get('/uploads/:ref', async (c) => {
    const m = /^(\d{1,9})-([A-Za-z0-9_-]{8,40})$/.exec(c.req.param('ref'));
    if (!m) throw new HttpError(404, 'not_found', 'File not found.');
    const file = await c.var.db.query<{ id: number; mime: string }>('SELECT id, mime FROM files WHERE id = $1 AND access_key = $2', [
      Number(m[1]),
      m[2],
    ]);
    if (!file.rows[0]) throw new HttpError(404, 'not_found', 'File not found.');
    const data = await c.var.files.read(c.var.db, file.rows[0].id);
    if (!data) throw new HttpError(404, 'not_found', 'File not found.');
    return c.body(data, 200, {
      'Content-Type': file.rows[0].mime,
      'Cache-Control': 'private, max-age=86400',
      'Content-Security-Policy': "default-src 'none'",
    });
  });
  return r;
}
