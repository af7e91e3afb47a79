import { describe, expect, it } from 'vitest';
import type { Country } from '@contract/types';
import { localizedCountries } from './countries';

const c = (id: number, alpha2: string, name: string): Country => ({ id, name, alpha2, alpha3: '', currency: 'EUR', numeric: '' }) as Country;
const LIST = [c(1, 'NL', 'Netherlands'), c(2, 'DE', 'Germany'), c(3, 'AT', 'Austria'), c(4, 'BE', 'Belgium'), c(5, 'IS', 'Iceland')];

describe('localizedCountries', () => {
  it('names countries in the current language, sorted by its collation', () => {
    expect(localizedCountries(LIST, 'nl').map((x) => x.name)).toEqual(['België', 'Duitsland', 'IJsland', 'Nederland', 'Oostenrijk']);
    expect(localizedCountries(LIST, 'en').map((x) => x.name)).toEqual(['Austria', 'Belgium', 'Germany', 'Iceland', 'Netherlands']);
  });
  it('keeps the server name for a code the browser does not know, and the country with its name', () => {
    const odd = [c(9, 'XY', 'Zeta Land'), c(8, '', 'Alpha Land')];
    expect(localizedCountries(odd, 'nl').map((x) => [x.country.id, x.name])).toEqual([
      [8, 'Alpha Land'],
      [9, 'Zeta Land'],
    ]);
  });
});
