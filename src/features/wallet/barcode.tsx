/**
 * A wallet card's code, drawn on the device in the card's own format (barcode-draw.ts, loaded on
 * demand). A format the app does not know, or a value its format cannot carry, is never drawn as
 * another symbology (a till expecting a QR code cannot read a CODE128): the value shows in large type
 * with a note to key it in.
 */
import { useEffect, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { barcodeValueProblem, isBarcodeFormat } from '@contract/barcode';
import type { BarcodeFormat } from '@contract/types';
import { CenteredSpinner } from '../../ui/spinner';
import './barcode.css';

export type BarcodePicture =
  | { state: 'loading' }
  | { state: 'ready'; src: string; width: number; height: number }
  | { state: 'unreadable' };

// Drawn pictures by format and value: till mode and the card show the same one without drawing twice.
const drawn = new Map<string, BarcodePicture>();

function draw(format: BarcodeFormat, value: string): Promise<BarcodePicture> {
  return import('./barcode-draw').then(
    (m) => {
      try {
        return { state: 'ready', ...m.drawBarcode(format, value) };
      } catch {
        return { state: 'unreadable' }; // bwip-js refused the value
      }
    },
    () => ({ state: 'unreadable' }), // the drawing code could not be loaded
  );
}

export function useBarcodePicture(format: string, value: string): BarcodePicture {
  const key = `${format}\n${value}`;
  const valid = barcodeValueProblem(format, value) === null;
  const [picture, setPicture] = useState<{ key: string; picture: BarcodePicture }>({ key: '', picture: { state: 'loading' } });
  useEffect(() => {
    if (!valid || drawn.has(key)) return;
    let alive = true;
    void draw(format as BarcodeFormat, value).then((p) => {
      if (p.state === 'ready') drawn.set(key, p);
      if (alive) setPicture({ key, picture: p });
    });
    return () => {
      alive = false;
    };
  }, [format, value, key, valid]);
  if (!valid) return { state: 'unreadable' };
  return drawn.get(key) ?? (picture.key === key ? picture.picture : { state: 'loading' });
}

/** The value in large type with the note, where no picture can be drawn. */
export function BarcodeUnreadable(props: { value: string }) {
  const { t } = useTranslation('wallet');
  return (
    <div className="sp-barcode__unreadable">
      <p className="sp-barcode__value">{props.value}</p>
      <p className="sp-barcode__note">{t('barcode_unreadable')}</p>
    </div>
  );
}

/** The code on the card screen; a tap (or Enter) on it calls onOpen (till mode). */
export function Barcode(props: { value: string; format: string; onOpen: (e: MouseEvent<HTMLElement>) => void }) {
  const { t } = useTranslation('wallet');
  const picture = useBarcodePicture(props.format, props.value);
  const name = useBarcodeName(props.format, props.value);
  return (
    <div className="sp-barcode" data-format={props.format}>
      {picture.state === 'loading' ? <CenteredSpinner /> : null}
      {picture.state === 'unreadable' ? <BarcodeUnreadable value={props.value} /> : null}
      {picture.state === 'ready' ? (
        <button type="button" className="sp-barcode__open" onClick={props.onOpen} aria-label={t('till_open_code', { code: name })}>
          <img className={`sp-barcode__img sp-barcode__img--${picture.width > picture.height * 1.5 ? 'wide' : 'square'}`} src={picture.src} width={picture.width} height={picture.height} alt="" />
        </button>
      ) : null}
    </div>
  );
}

/** "QR code: https://…": the code's accessible name (an unknown format by its own name). */
export function useBarcodeName(format: string, value: string): string {
  const { t } = useTranslation('wallet');
  const name = isBarcodeFormat(format) ? t(`formats.${format}`) : format;
  return t('barcode_label', { format: name, value });
}
