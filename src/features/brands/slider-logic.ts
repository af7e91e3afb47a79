/** The Corporate Details Slider: four slides, not infinite. */
import type { ProofPoint, SustainabilityRating } from '@contract/types';

export const SLIDES = ['planet', 'people', 'principles', 'ratings'] as const;
export type Slide = (typeof SLIDES)[number];
export const AUTOPLAY_MS = 6000;

/** Next slide index for autoplay or the next button: stops at the last slide (not infinite). */
export function nextSlide(index: number): number {
  return Math.min(index + 1, SLIDES.length - 1);
}
export function prevSlide(index: number): number {
  return Math.max(index - 1, 0);
}

export function proofPointsFor(list: readonly ProofPoint[] | undefined, pillar: Exclude<Slide, 'ratings'>, lang: 'en' | 'nl'): string[] {
  return (list ?? []).filter((p) => p.pillar === pillar).map((p) => (lang === 'nl' && p.text_nld ? p.text_nld : p.text));
}

export const RATINGS: readonly SustainabilityRating[] = ['GREEN', 'AMBER', 'GREY'];
