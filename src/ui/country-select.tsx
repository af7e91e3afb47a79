import type { Country } from '../../server/contract/types';
import { truncateLabel } from '../lib/validation';
import { SelectField } from './field';


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
  return (
    <SelectField label={label} name={name} value={value} error={error} required={required} onChange={(e) => onChange(e.target.value)}>
      <option value="">{placeholder}</option>
      {countries.map((c) => (
        <option key={c.id} value={String(c.id)} title={c.name}>
          {truncateLabel(c.name)}
        </option>
      ))}
    </SelectField>
  );
}
