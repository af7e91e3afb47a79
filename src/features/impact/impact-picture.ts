/**
 * Draws the "Share my impact" picture (a 1080 × 1080 PNG, the square social apps show whole) from
 * lines already written in the user's language. A canvas: no library, and nothing leaves the device.
 */
export const PICTURE_SIZE = 1080;

export interface PictureText {
  brand: string;
  title: string;
  /** The big figure (the year's savings) and what it is. */
  savings: string;
  savingsLabel: string;
  projects: string;
  /** What the unit lines are (the most funded projects), above them. */
  unitsLabel: string;
  units: string[];
  tagline: string;
}

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
const MARGIN = 96;
const WIDTH = PICTURE_SIZE - MARGIN * 2;

/** Draws `text` at `y`, shrinking the font until it fits the width. */
function fitText(ctx: CanvasRenderingContext2D, text: string, y: number, size: number, weight: number): void {
  let s = size;
  do {
    ctx.font = `${weight} ${s}px ${FONT}`;
    if (ctx.measureText(text).width <= WIDTH) break;
    s -= 2;
  } while (s > 16);
  ctx.fillText(text, MARGIN, y, WIDTH);
}

export function drawImpactPicture(text: PictureText, canvas: HTMLCanvasElement = document.createElement('canvas')): HTMLCanvasElement {
  canvas.width = PICTURE_SIZE;
  canvas.height = PICTURE_SIZE;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas 2D is not available');
  const bg = ctx.createLinearGradient(0, 0, PICTURE_SIZE, PICTURE_SIZE);
  bg.addColorStop(0, '#0b5e43');
  bg.addColorStop(1, '#083d2c');
  ctx.fillStyle = bg;
  ctx.fillRect(0, 0, PICTURE_SIZE, PICTURE_SIZE);
  // A soft circle for some depth behind the figures.
  ctx.fillStyle = 'rgba(255, 255, 255, 0.06)';
  ctx.beginPath();
  ctx.arc(PICTURE_SIZE - 140, 220, 320, 0, Math.PI * 2);
  ctx.fill();

  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = '#bfe8d3';
  fitText(ctx, text.brand, 150, 44, 800);
  ctx.fillStyle = '#ffffff';
  fitText(ctx, text.title, 260, 64, 800);

  fitText(ctx, text.savings, 430, 150, 800);
  ctx.fillStyle = '#d9f2e6';
  fitText(ctx, text.savingsLabel, 500, 40, 500);

  ctx.fillStyle = '#ffffff';
  fitText(ctx, text.projects, 620, 54, 700);
  ctx.fillStyle = '#d9f2e6';
  if (text.unitsLabel) fitText(ctx, text.unitsLabel, 694, 34, 600);
  text.units.slice(0, 3).forEach((line, i) => fitText(ctx, line, 760 + i * 60, 44, 500));

  ctx.fillStyle = '#bfe8d3';
  fitText(ctx, text.tagline, PICTURE_SIZE - 96, 34, 500);
  return canvas;
}

export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'));
}
