/**
 * Draws a wallet card's code as SVG with bwip-js, in the card's own symbology. Loaded on demand only
 * (barcode.tsx imports it lazily): with just these six encoders it is its own chunk, never first-paint
 * JS. The service worker precaches it, so a card never opened before still draws offline.
 */
import { azteccode, code128, datamatrix, drawingSVG, ean13, pdf417, qrcode, type RenderOptions } from 'bwip-js/browser';
import type { BarcodeFormat } from '@contract/types';

type Encoder = (opts: RenderOptions, drawing: ReturnType<typeof drawingSVG>) => string;

// Paddings are the quiet zones scanners need, in bwip-js units (a 1D module is 1 unit wide, a 2D module 2):
// 10 modules either side of a linear code, 4 around QR, 2 around PDF417 and Aztec, 1 around DataMatrix (+1 spare).
const DRAW: Record<BarcodeFormat, { encoder: Encoder; opts: Omit<RenderOptions, 'text'> }> = {
  QR: { encoder: qrcode, opts: { bcid: 'qrcode', padding: 8 } }, // error correction level M (the default)
  EAN13: { encoder: ean13, opts: { bcid: 'ean13', includetext: true, guardwhitespace: true, height: 18, paddingwidth: 4, paddingheight: 4 } },
  CODE128: { encoder: code128, opts: { bcid: 'code128', includetext: true, height: 18, paddingwidth: 10, paddingheight: 4 } },
  PDF417: { encoder: pdf417, opts: { bcid: 'pdf417', paddingwidth: 4, paddingheight: 4 } },
  AZTEC: { encoder: azteccode, opts: { bcid: 'azteccode', padding: 4 } },
  DATAMATRIX: { encoder: datamatrix, opts: { bcid: 'datamatrix', padding: 4 } },
};

/**
 * The code as an SVG data URL (for an <img>: it scales to any size, and CSP allows data: images),
 * with its natural size in CSS pixels. Throws when bwip-js refuses the value.
 */
export function drawBarcode(format: BarcodeFormat, value: string): { src: string; width: number; height: number } {
  const { encoder, opts } = DRAW[format];
  const svg = encoder({ ...opts, text: value, scale: 2, backgroundcolor: 'FFFFFF' }, drawingSVG());
  const box = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  if (!box) throw new Error('bwip-js drew no viewBox');
  const width = Number(box[1]);
  const height = Number(box[2]);
  // Explicit size so the <img> has one; shape-rendering keeps module edges sharp when scaled.
  const sized = svg.replace('<svg ', `<svg width="${width}" height="${height}" shape-rendering="crispEdges" `);
  return { src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(sized)}`, width, height };
}
