/** Which values each wallet barcode format accepts (server/contract/barcode.ts, shared with the app). */
import { describe, expect, test } from 'vitest';
import { BARCODE_FORMATS, barcodeValueProblem, ean13CheckDigit, isBarcodeFormat } from '../../server/contract/barcode.ts';

describe('barcodeValueProblem', () => {
  test('EAN-13: exactly 13 digits with the right check digit', () => {
    expect(barcodeValueProblem('EAN13', '5901234123457')).toBeNull();
    expect(barcodeValueProblem('EAN13', '4006381333931')).toBeNull();
    expect(barcodeValueProblem('EAN13', '5901234123458')).toBe('check_digit');
    expect(barcodeValueProblem('EAN13', '590123412345')).toBe('characters'); // 12 digits: the check digit is part of the value
    expect(barcodeValueProblem('EAN13', '59012341234570')).toBe('characters');
    expect(barcodeValueProblem('EAN13', '590123412345A')).toBe('characters');
    expect(barcodeValueProblem('EAN13', ' 5901234123457')).toBe('characters');
    expect(barcodeValueProblem('EAN13', '')).toBe('empty');
    expect(ean13CheckDigit('590123412345')).toBe(7);
    expect(ean13CheckDigit('400638133393')).toBe(1);
  });

  test('CODE128: printable ASCII, at most 80 characters', () => {
    expect(barcodeValueProblem('CODE128', '603600001001')).toBeNull();
    expect(barcodeValueProblem('CODE128', 'Gift card #12 ~ ok')).toBeNull();
    expect(barcodeValueProblem('CODE128', 'x'.repeat(80))).toBeNull();
    expect(barcodeValueProblem('CODE128', 'x'.repeat(81))).toBe('too_long');
    expect(barcodeValueProblem('CODE128', 'café')).toBe('characters');
    expect(barcodeValueProblem('CODE128', 'a\tb')).toBe('characters');
    expect(barcodeValueProblem('CODE128', '')).toBe('empty');
  });

  test.each([
    ['QR', 2000],
    ['AZTEC', 1500],
    ['DATAMATRIX', 1500],
    ['PDF417', 1000],
  ] as const)('%s: printable ASCII up to %i characters', (format, max) => {
    expect(barcodeValueProblem(format, 'https://cards.example/redeem/603600001004')).toBeNull();
    expect(barcodeValueProblem(format, '7'.repeat(max))).toBeNull();
    expect(barcodeValueProblem(format, '7'.repeat(max + 1))).toBe('too_long');
    expect(barcodeValueProblem(format, 'line\nbreak')).toBe('characters');
    expect(barcodeValueProblem(format, 'emoji 🎁')).toBe('characters');
    expect(barcodeValueProblem(format, '')).toBe('empty');
  });

  test('an unknown format is never taken for a known one', () => {
    expect(barcodeValueProblem('CODE39', 'ABC')).toBe('format');
    expect(barcodeValueProblem('qr', 'ABC')).toBe('format');
    expect(isBarcodeFormat('EAN13')).toBe(true);
    expect(isBarcodeFormat('EAN8')).toBe(false);
    expect(isBarcodeFormat(undefined)).toBe(false);
    expect(BARCODE_FORMATS).toEqual(['QR', 'EAN13', 'CODE128', 'PDF417', 'AZTEC', 'DATAMATRIX']);
  });
});
