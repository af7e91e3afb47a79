/**
 * Which values each wallet barcode format can carry. One rule for the server (what it stores and
 * seeds) and the app (what it draws: a value its format cannot carry is shown as text, never drawn as
 * another symbology). It imports only types, so both sides can load it.
 */
import type { BarcodeFormat } from './types.ts';

export const BARCODE_FORMATS = ['QR', 'EAN13', 'CODE128', 'PDF417', 'AZTEC', 'DATAMATRIX'] as const satisfies readonly BarcodeFormat[];

// Every BarcodeFormat is listed above (a format added to the type but not here is a type error).
type Missing = Exclude<BarcodeFormat, (typeof BARCODE_FORMATS)[number]>;
const allListed: Missing extends never ? true : Missing = true;
void allListed;

/**
 * Longest value per 2D format, in characters of printable ASCII: below each symbology's byte capacity
 * at the error correction the app draws with (QR level M 2331, Aztec 23% 1914, DataMatrix 1556,
 * PDF417 level 2 about 1100), so every accepted value fits.
 */
const MAX_LENGTH: Record<BarcodeFormat, number> = { QR: 2000, AZTEC: 1500, DATAMATRIX: 1500, PDF417: 1000, CODE128: 80, EAN13: 13 };

/** Printable ASCII only: what every till scanner reads back the same way, whatever its code page. */
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

export function isBarcodeFormat(format: unknown): format is BarcodeFormat {
  return typeof format === 'string' && (BARCODE_FORMATS as readonly string[]).includes(format);
}

/** The EAN-13 check digit of the first twelve digits. */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/**
 * Why `value` cannot be drawn as `format`, or null when it can: 'format' (not a known format),
 * 'empty', 'too_long', 'characters' (outside printable ASCII, or not 13 digits for EAN-13) or
 * 'check_digit' (EAN-13 with a wrong last digit).
 */
export type BarcodeProblem = 'format' | 'empty' | 'too_long' | 'characters' | 'check_digit';

export function barcodeValueProblem(format: string, value: string): BarcodeProblem | null {
  if (!isBarcodeFormat(format)) return 'format';
  if (value.length === 0) return 'empty';
  if (format === 'EAN13') {
    if (!/^\d{13}$/.test(value)) return 'characters';
    return ean13CheckDigit(value) === Number(value[12]) ? null : 'check_digit';
  }
  if (!PRINTABLE_ASCII.test(value)) return 'characters';
  if (value.length > MAX_LENGTH[format]) return 'too_long';
  return null;
}
