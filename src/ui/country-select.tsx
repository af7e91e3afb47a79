import { useMemo } from 'react';
import type { Country } from '@contract/types';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { localizedCountries } from '../lib/countries';
import { useLang } from '../lib/i18n';
import { SelectField } from './field';

/** Dropdown labels: at most `max` characters, then an ellipsis (long country names). */
export function truncateLabel(label: string, max = 25): string {
  return label.length > max ? `${label.slice(0, max)}…` : label;
}

interface CountrySelectProps {
  label: string;
  placeholder: string;
  countries: Country[];
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  name?: string;
  required?: boolean;
}

export function CountrySelect({ label, placeholder, countries, value, onChange, error, name = 'country', required }: CountrySelectProps) {
  const lang = useLang();
  const options = useMemo(() => localizedCountries(countries, lang), [countries, lang]);
  return (
    <SelectField label={label} name={name} value={value} error={error} required={required} onChange={(e) => onChange(e.target.value)}>
      <option value="">{placeholder}</option>
      {options.map(({ country, name }) => (
        <option key={country.id} value={String(country.id)} title={name}>
          {truncateLabel(name)}
        </option>
      ))}
    </SelectField>
  );
}

/** The country select as a form field (react-hook-form); `onEdit` runs after each change (clear a message). */
export function CountryField<T extends FieldValues, O>({
  control,
  field,
  onEdit,
  ...props
}: Omit<CountrySelectProps, 'value' | 'onChange'> & { control: Control<T, unknown, O>; field: Path<T>; onEdit?: () => void }) {
  return (
    <Controller
      control={control}
      name={field}
      render={({ field: f }) => (
        <CountrySelect
          {...props}
          value={f.value}
          onChange={(v) => {
            f.onChange(v);
            onEdit?.();
          }}
        />
      )}
    />
  );
}
