import { describe, expect, it } from 'vitest';
import { nextSlide, prevSlide, proofPointsFor, SLIDES } from './slider-logic';

describe('corporate slider', () => {
  it('has four slides and is not infinite', () => {
    expect(SLIDES).toEqual(['planet', 'people', 'principles', 'ratings']);
    expect(nextSlide(3)).toBe(3);
    expect(prevSlide(0)).toBe(0);
    expect(nextSlide(0)).toBe(1);
  });
  it('picks proof points per pillar in the language', () => {
    const list = [
      { pillar: 'planet' as const, text: 'Solar', text_nld: 'Zonne' },
      { pillar: 'people' as const, text: 'Fair pay', text_nld: 'Eerlijk loon' },
    ];
    expect(proofPointsFor(list, 'planet', 'nl')).toEqual(['Zonne']);
    expect(proofPointsFor(list, 'people', 'en')).toEqual(['Fair pay']);
    expect(proofPointsFor(undefined, 'principles', 'en')).toEqual([]);
  });
});
