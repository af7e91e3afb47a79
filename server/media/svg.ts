/**
 * Generated images (no binary assets to ship): brand logos and photos, project images.
 * Colours derive from the id, text is the name or initials, always XML-escaped.
 */
import { escapeHtml } from '../text.ts';

function hue(id: number, salt: number): number {
  let h = (id * 2654435761 + salt * 40503) >>> 0;
  h ^= h >>> 13;
  return h % 360;
}

export function initials(name: string): string {
  const words = name.replace(/[^\p{L}\p{N}\s]/gu, ' ').split(/\s+/).filter(Boolean);
  const s = words.length >= 2 ? words[0][0] + words[1][0] : (words[0] ?? '?').slice(0, 2);
  return s.toUpperCase();
}

export function logoSvg(id: number, name: string): string {
  const h = hue(id, 1);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200" role="img" aria-label="${escapeHtml(name)} logo">
<rect width="200" height="200" rx="36" fill="hsl(${h} 55% 32%)"/>
<circle cx="100" cy="100" r="74" fill="none" stroke="hsl(${(h + 40) % 360} 70% 75%)" stroke-width="6"/>
<text x="100" y="100" dy=".35em" text-anchor="middle" font-family="system-ui, sans-serif" font-size="64" font-weight="700" fill="#fff">${escapeHtml(initials(name))}</text>
</svg>`;
}

// Photos and project pictures carry no text: the app prints the name next to them (tile, card, title),
// and a name inside the picture too would read twice. The name stays the image's accessible label.
export function photoSvg(id: number, name: string): string {
  const h1 = hue(id, 2);
  const h2 = (h1 + 50) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 400" width="640" height="400" role="img" aria-label="${escapeHtml(name)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${h1} 60% 45%)"/><stop offset="1" stop-color="hsl(${h2} 65% 30%)"/></linearGradient></defs>
<rect width="640" height="400" fill="url(#g)"/>
<circle cx="${120 + (id % 7) * 60}" cy="${90 + (id % 5) * 30}" r="${60 + (id % 4) * 20}" fill="hsl(${h2} 70% 80% / .25)"/>
<rect x="${(id % 9) * 50}" y="250" width="260" height="260" rx="40" transform="rotate(${(id % 30) - 15} 320 300)" fill="hsl(${h1} 80% 90% / .18)"/>
</svg>`;
}

export function projectSvg(id: number, name: string, social: boolean): string {
  const h = social ? 20 + (hue(id, 3) % 40) : 90 + (hue(id, 3) % 90);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" width="640" height="360" role="img" aria-label="${escapeHtml(name)}">
<rect width="640" height="360" fill="hsl(${h} 45% 38%)"/>
<path d="M0 270 C 160 ${200 + (id % 5) * 10} 320 330 640 ${240 + (id % 3) * 15} L640 360 L0 360 Z" fill="hsl(${h} 50% 26%)"/>
<circle cx="${480 + (id % 4) * 25}" cy="90" r="46" fill="hsl(48 95% 70%)"/>
</svg>`;
}
