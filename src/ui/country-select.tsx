import { useMemo } from 'react';
import type { Country } from '@contract/types';
import { localizedCountries } from '../lib/countries';
import { useLang } from '../lib/i18n';
import { SelectField } from './field';

/** Dropdown labels: at most `max` characters, then an ellipsis (long country names). */
export function truncateLabel(label: string, max = 25): string {
  return label.length > max ? `${label.slice(0, max)}…` : label;
}

export function CountrySelect({
  label,
  placeholder,
  countries,
  value,
  onChange,
  error,
  name = 'country',
  required,
}: {
  label: string;
  placeholder: string;
  countries: Country[];
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  name?: string;
  required?: boolean;
}) {
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
