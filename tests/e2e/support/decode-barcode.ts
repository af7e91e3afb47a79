// Reads a barcode back from a screenshot with zxing-wasm (ZXing-C++ in WebAssembly): a decoder
// independent of the app's generator, run in Node. Its .wasm comes from node_modules (tests have no
// internet; by default zxing-wasm would fetch it from a CDN).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import type { BarcodeFormat } from '../../../server/contract/types';

/** zxing's name for each of the contract's formats. */
export const ZXING_FORMAT: Record<BarcodeFormat, string> = {
  QR: 'QRCode',
  EAN13: 'EAN13',
  CODE128: 'Code128',
  PDF417: 'PDF417',
  AZTEC: 'Aztec',
  DATAMATRIX: 'DataMatrix',
};

let ready: Promise<unknown> | null = null;

/** Every code found in the PNG, as { format, text } (zxing's format names). */
export async function decodePng(png: Buffer): Promise<{ format: string; text: string }[]> {
  ready ??= prepareZXingModule({
    overrides: { wasmBinary: toArrayBuffer(readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'))) },
    fireImmediately: true,
  });
  await ready;
  const results = await readBarcodes(new Uint8Array(png), { tryHarder: true, maxNumberOfSymbols: 4 });
  return results.filter((r) => r.isValid).map((r) => ({ format: r.format, text: r.text }));
}

function toArrayBuffer(b: Buffer): ArrayBuffer {
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
}
