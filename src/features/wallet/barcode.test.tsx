import { describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { BARCODE_FORMATS } from '@contract/barcode';
import { Barcode } from './barcode';
import { drawBarcode } from './barcode-draw';

const VALUES = { QR: 'https://cards.example/r/1', EAN13: '5901234123457', CODE128: 'GC-12345', PDF417: 'GC603600001005', AZTEC: 'SP-1', DATAMATRIX: '603600001007' } as const;

describe('Barcode', () => {
  it.each([
    ['EAN13', '5901234123458'], // wrong check digit
    ['CODE128', 'café'], // outside printable ASCII
    ['MAXICODE', '12345'], // a format the app does not know
  ])('never draws %s %s as another symbology: the value as text with the note', (format, value) => {
    const { container } = render(<Barcode format={format} value={value} onOpen={vi.fn()} />);
    expect(container.querySelector('.sp-barcode__value')?.textContent).toBe(value);
    expect(container.querySelector('.sp-barcode__note')?.textContent).toBe('barcode_unreadable');
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('button')).toBeNull();
  });

  it('draws a valid value as an SVG picture that opens till mode', async () => {
    const onOpen = vi.fn();
    const { container } = render(<Barcode format="QR" value={VALUES.QR} onOpen={onOpen} />);
    const img = await waitFor(() => {
      const el = container.querySelector<HTMLImageElement>('button.sp-barcode__open img');
      if (!el) throw new Error('not drawn yet');
      return el;
    });
    expect(decodeURIComponent(img.src)).toMatch(/^data:image\/svg\+xml;charset=utf-8,<svg width="\d+" height="\d+" shape-rendering="crispEdges"/);
    container.querySelector<HTMLButtonElement>('button.sp-barcode__open')!.click();
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});

describe('drawBarcode', () => {
  it.each(BARCODE_FORMATS)('draws %s with its natural size', (format) => {
    const { src, width, height } = drawBarcode(format, VALUES[format]);
    expect(width).toBeGreaterThan(20);
    expect(height).toBeGreaterThan(20);
    expect(decodeURIComponent(src)).toContain('<path');
  });

  it('square symbologies are square-ish, linear ones wide', () => {
    const aspect = (f: (typeof BARCODE_FORMATS)[number]) => {
      const d = drawBarcode(f, VALUES[f]);
      return d.width / d.height;
    };
    expect(aspect('QR')).toBeCloseTo(1, 1);
    expect(aspect('CODE128')).toBeGreaterThan(1.5);
    expect(aspect('PDF417')).toBeGreaterThan(1.5);
  });
});
