/** Calculating income: four bounded inputs (slider + number) and the projection. */
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../lib/i18n';
import { formatMoneyWhole } from '../../lib/money';
import { AppLink } from '../../ui/app-link';
import { ScreenHeader } from '../../ui/screen-header';
import { CALCULATOR_BOUNDS, DEFAULT_INPUT, clampToBounds, projectPension, type CalculatorField, type CalculatorInput } from './projection';
import './calculator.css';
import { useBackTo } from '../../lib/screen-trail';

const FIELDS: CalculatorField[] = ['age', 'retirementAge', 'monthly', 'yieldPercent'];

export function CalculatorScreen() {
  const { t } = useTranslation('investment');
  const lang = useLang();
  const backTo = useBackTo();
  const [values, setValues] = useState<CalculatorInput>(DEFAULT_INPUT);
  const result = useMemo(() => projectPension(values), [values]);
    const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 1 });
  const years = Math.max(0, values.retirementAge - values.age);

  return (
    <div className="calc-screen">
      <ScreenHeader title={t('calculator.title')} onBack={backTo('/menu')} backLabel={t('calculator.back')} />
      <p className="calc-intro">{t('calculator.intro')}</p>
      <form className="calc-form" onSubmit={(e) => e.preventDefault()}>
        {FIELDS.map((field) => (
          <CalculatorInputRow
            key={field}
            field={field}
            label={t(`calculator.${field}`)}
            value={values[field]}
            onChange={(v) => setValues((old) => ({ ...old, [field]: v }))}
          />
        ))}
      </form>
      <section className="calc-result" aria-live="polite" aria-labelledby="calc-result-label">
        <h2 id="calc-result-label">{t('calculator.resultLabel')}</h2>
        <p className="calc-amount" data-testid="calculator-result">{formatMoneyWhole(result, 'EUR', lang)}</p>
        {years > 0 ? (
          <p className="calc-note">
            {t('calculator.resultNote', { monthly: formatMoneyWhole(values.monthly, 'EUR', lang), years, yield: percent.format(values.yieldPercent / 100) })}
          </p>
        ) : (
          <p className="calc-note calc-warning">{t('calculator.noYears')}</p>
        )}
      </section>
      <p className="calc-disclaimer">{t('calculator.disclaimer')}</p>
      <AppLink to="/investment" className="btn btn-primary calc-cta">
        {t('calculator.toInvestment')}
      </AppLink>
    </div>
  );
}

function CalculatorInputRow({ field, label, value, onChange }: {
  field: CalculatorField;
  label: string;
  value: number;
  onChange: (value: number) => void;
}) {
  const { t } = useTranslation('investment');
  const bounds = CALCULATOR_BOUNDS[field];
  const id = useId();
  // The typed text is kept while editing so "2" on the way to "25" is not clamped away.
  const [draft, setDraft] = useState<string | null>(null);
  const commit = (raw: string) => {
    setDraft(null);
    onChange(clampToBounds(raw.trim() === '' ? Number.NaN : Number(raw.replace(',', '.')), bounds));
  };
  return (
    <div className="calc-field">
      <div className="calc-field-head">
        <label htmlFor={`${id}-number`}>{label}</label>
        <input
          id={`${id}-number`}
          className="calc-number"
          type="number"
          inputMode="decimal"
          min={bounds.min}
          max={bounds.max}
          step={bounds.step}
          value={draft ?? String(value)}
          onChange={(e) => {
            setDraft(e.target.value);
            const n = Number(e.target.value.replace(',', '.'));
            if (e.target.value !== '' && Number.isFinite(n) && n >= bounds.min && n <= bounds.max) onChange(clampToBounds(n, bounds));
          }}
          onBlur={(e) => commit(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit((e.target as HTMLInputElement).value);
          }}
          data-testid={`calculator-${field}`}
        />
      </div>
      <input
        className="calc-range"
        type="range"
        aria-label={t('calculator.slider', { label })}
        min={bounds.min}
        max={bounds.max}
        step={bounds.step}
        value={value}
        onChange={(e) => {
          setDraft(null);
          onChange(clampToBounds(Number(e.target.value), bounds));
        }}
      />
      <div className="calc-range-bounds" aria-hidden="true">
        <span>{bounds.min}</span>
        <span>{bounds.max}</span>
      </div>
    </div>
  );
}
