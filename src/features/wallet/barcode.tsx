/**
 * A barcode drawn on the device as SVG by jsbarcode (loaded on demand, so it is not in the first paint).
 * CODE128 and EAN13 are drawn as such; QR has no generator in the app's dependencies, so a QR card's
 * value is drawn as CODE128 (most counter scanners read both).
 */
import { useEffect, useRef, useState } from 'react';
import { barcodeFormat } from './wallet-logic';

export function Barcode(props: { value: string; format: string; label: string }) {
  const ref = useRef<SVGSVGElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    setFailed(false);
    import('jsbarcode')
      .then((m) => {
        const el = ref.current;
        if (!alive || !el) return;
        const JsBarcode = (m.default ?? m) as unknown as (el: SVGSVGElement, value: string, opts: Record<string, unknown>) => void;
        const draw = (format: string) => {
          let ok = true;
          JsBarcode(el, props.value, {
            format,
            displayValue: true,
            margin: 12,
            height: 90,
            width: 2,
            background: '#ffffff',
            lineColor: '#000000',
            valid: (v: boolean) => {
              ok = v;
            },
          });
          return ok;
        };
        const format = barcodeFormat(props.format, props.value);
        if (!draw(format) && format !== 'CODE128' && !draw('CODE128')) setFailed(true);
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [props.value, props.format]);
  return (
    <div className="sp-barcode">
      <svg ref={ref} role="img" aria-label={props.label} className="sp-barcode__svg" />
      {failed ? <p className="sp-barcode__value">{props.value}</p> : null}
    </div>
  );
}
