// Generates the PWA icons in public/ with nothing but Node's zlib (no image libraries):
//   node scripts/make-icons.mjs
// The mark: a pie on the brand green with one yellow slice pulled out ("your slice of the SocialPay").
// "any" icons have rounded corners (transparent outside); maskable and Apple icons are full bleed
// with the mark inside the maskable safe zone (a centred circle of 40% radius).
import { deflateSync } from 'node:zlib';
import { writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'public');
const GREEN = [0x0f, 0x51, 0x32];
const WHITE = [0xff, 0xff, 0xff];
const YELLOW = [0xf4, 0xb4, 0x00];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // RGBA
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Colour (or null = transparent) of the point (x, y) in unit coordinates. */
function shade(x, y, { rounded, scale }) {
  if (rounded) {
    const r = 0.2;
    const cx = Math.min(Math.max(x, r), 1 - r);
    const cy = Math.min(Math.max(y, r), 1 - r);
    if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) return null;
  }
  // the mark, scaled around the centre
  const u = 0.5 + (x - 0.5) / scale;
  const v = 0.5 + (y - 0.5) / scale;
  const pcx = 0.47, pcy = 0.53, pr = 0.3;
  const from = 0, to = Math.PI / 3; // the slice: 0°..60°, upper right
  const mid = (from + to) / 2;
  const off = 0.07;
  const inSector = (px, py) => {
    const dx = px - pcx, dy = -(py - pcy);
    if (dx * dx + dy * dy > pr * pr) return false;
    const a = Math.atan2(dy, dx);
    return a >= from && a <= to;
  };
  const dx = u - pcx, dy = -(v - pcy);
  const inDisc = dx * dx + dy * dy <= pr * pr;
  if (inDisc && !inSector(u, v)) return WHITE;
  // the pulled-out slice
  if (inSector(u - off * Math.cos(mid), v + off * Math.sin(mid))) return YELLOW;
  return GREEN;
}

function render(size, opts) {
  const ss = 4; // supersampling per axis
  const buf = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const c = shade((px + (sx + 0.5) / ss) / size, (py + (sy + 0.5) / ss) / size, opts);
          if (!c) continue;
          r += c[0]; g += c[1]; b += c[2]; a += 1;
        }
      }
      const i = (py * size + px) * 4;
      if (a) {
        buf[i] = Math.round(r / a);
        buf[i + 1] = Math.round(g / a);
        buf[i + 2] = Math.round(b / a);
      }
      buf[i + 3] = Math.round((a / (ss * ss)) * 255);
    }
  }
  return png(size, buf);
}

function ico(pngBuf, size) {
  // An ICO holding one PNG image (supported by every current browser).
  const head = Buffer.alloc(6 + 16);
  head.writeUInt16LE(0, 0);
  head.writeUInt16LE(1, 2);
  head.writeUInt16LE(1, 4);
  head[6] = size; head[7] = size; head[8] = 0; head[9] = 0;
  head.writeUInt16LE(1, 10);
  head.writeUInt16LE(32, 12);
  head.writeUInt32LE(pngBuf.length, 14);
  head.writeUInt32LE(22, 18);
  return Buffer.concat([head, pngBuf]);
}

mkdirSync(OUT, { recursive: true });
const any = { rounded: true, scale: 1 };
const bleed = { rounded: false, scale: 1 };
const maskable = { rounded: false, scale: 0.78 };
writeFileSync(join(OUT, 'pwa-192x192.png'), render(192, any));
writeFileSync(join(OUT, 'pwa-512x512.png'), render(512, any));
writeFileSync(join(OUT, 'maskable-icon-512x512.png'), render(512, maskable));
writeFileSync(join(OUT, 'apple-touch-icon-180x180.png'), render(180, bleed));
writeFileSync(join(OUT, 'favicon.ico'), ico(render(32, any), 32));
writeFileSync(
  join(OUT, 'favicon.svg'),
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
  <rect width="100" height="100" rx="20" fill="#0f5132"/>
  <path d="M47 53 L77 53 A30 30 0 1 1 62 27.02 Z" fill="#fff"/>
  <path d="M53.06 49.5 L83.06 49.5 A30 30 0 0 0 68.06 23.52 Z" fill="#f4b400"/>
</svg>
`,
);
console.log('icons written to', OUT);
