/**
 * Income calculator maths. Pure functions so they can be tested against hand-computed values.
 * Contributions are paid at the end of every month and interest compounds monthly at yield/12,
 * over the whole months between the current age and the retirement age.
 */

export interface Bounds {
  min: number;
  max: number;
  step: number;
  default: number;
}

export const CALCULATOR_BOUNDS = {
  age: { min: 18, max: 70, step: 1, default: 35 },
  retirementAge: { min: 55, max: 70, step: 1, default: 65 },
  monthly: { min: 0, max: 2500, step: 50, default: 250 },
  yieldPercent: { min: 4, max: 8, step: 0.5, default: 7 },
} as const satisfies Record<string, Bounds>;

export type CalculatorField = keyof typeof CALCULATOR_BOUNDS;

export interface CalculatorInput {
  age: number;
  retirementAge: number;
  /** Euros per month. */
  monthly: number;
  /** Yearly yield in percent, e.g. 7 for 7%. */
  yieldPercent: number;
}

export const DEFAULT_INPUT: CalculatorInput = {
  age: CALCULATOR_BOUNDS.age.default,
  retirementAge: CALCULATOR_BOUNDS.retirementAge.default,
  monthly: CALCULATOR_BOUNDS.monthly.default,
  yieldPercent: CALCULATOR_BOUNDS.yieldPercent.default,
};

/** Clamp into the bounds and snap to the nearest step (typed values may be anything). */
export function clampToBounds(value: number, bounds: Bounds): number {
  if (!Number.isFinite(value)) return bounds.default;
  const clamped = Math.min(bounds.max, Math.max(bounds.min, value));
  const steps = Math.round((clamped - bounds.min) / bounds.step);
  // Round away float noise such as 4.499999.
  const snapped = Math.round((bounds.min + steps * bounds.step) * 1000) / 1000;
  return Math.min(bounds.max, snapped);
}

/** Whole euros accumulated at retirement; 0 when retirement is not after the current age. */
export function projectPension(input: CalculatorInput): number {
  const months = Math.max(0, Math.round((input.retirementAge - input.age) * 12));
  if (months === 0 || input.monthly <= 0) return 0;
  const r = input.yieldPercent / 100 / 12;
  const value = r === 0 ? input.monthly * months : (input.monthly * ((1 + r) ** months - 1)) / r;
  return Math.round(value);
}
