// Number stepper: − value + with labels; `min` is exclusive of going lower, `max` caps.
import { useTranslation } from 'react-i18next';

export function Stepper({
  value,
  step,
  min,
  max,
  onChange,
  label,
  format,
}: {
  value: number;
  step: number;
  min: number;
  max?: number;
  onChange: (value: number) => void;
  label: string;
  format?: (value: number) => string;
}) {
  const { t } = useTranslation('common');
  const canDecrease = value - step >= min;
  const canIncrease = max === undefined || value + step <= max;
  return (
    <div className="stepper" role="group" aria-label={label}>
      <button type="button" className="stepper-btn" aria-label={t('decrease')} disabled={!canDecrease} onClick={() => onChange(value - step)}>
        −
      </button>
      <output className="stepper-value" aria-live="polite">
        {format ? format(value) : value}
      </output>
      <button type="button" className="stepper-btn" aria-label={t('increase')} disabled={!canIncrease} onClick={() => onChange(value + step)}>
        +
      </button>
    </div>
  );
}
