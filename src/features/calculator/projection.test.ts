import { describe, expect, it } from 'vitest';
import { CALCULATOR_BOUNDS, DEFAULT_INPUT, clampToBounds, projectPension } from './projection';

describe('projectPension', () => {
  it('defaults: 250 EUR a month at 7% from 35 to 65 (the textbook 304,993)', () => {
    expect(DEFAULT_INPUT).toEqual({ age: 35, retirementAge: 65, monthly: 250, yieldPercent: 7 });
    expect(projectPension(DEFAULT_INPUT)).toBe(304_993);
  });

  it('one year of 50 EUR at 4%: 50 × ((1 + 0.04/12)^12 − 1) / (0.04/12) = 611.12 → 611', () => {
    expect(projectPension({ age: 54, retirementAge: 55, monthly: 50, yieldPercent: 4 })).toBe(611);
  });

  it('two years of 100 EUR at 4.5% (a half step): 2,506.40 → 2,506', () => {
    expect(projectPension({ age: 53, retirementAge: 55, monthly: 100, yieldPercent: 4.5 })).toBe(2_506);
  });

  it('upper bounds: 2,500 EUR at 8% from 18 to 70 (624 months)', () => {
    expect(projectPension({ age: 18, retirementAge: 70, monthly: 2500, yieldPercent: 8 })).toBe(23_322_402);
  });

  it('zero contribution gives 0', () => {
    expect(projectPension({ ...DEFAULT_INPUT, monthly: 0 })).toBe(0);
  });

  it('retirement not after the current age gives 0', () => {
    expect(projectPension({ age: 70, retirementAge: 55, monthly: 2500, yieldPercent: 8 })).toBe(0);
    expect(projectPension({ age: 60, retirementAge: 60, monthly: 2500, yieldPercent: 8 })).toBe(0);
  });
});

describe('clampToBounds', () => {
  it('keeps values inside the calculator bounds', () => {
    expect(clampToBounds(10, CALCULATOR_BOUNDS.age)).toBe(18);
    expect(clampToBounds(99, CALCULATOR_BOUNDS.age)).toBe(70);
    expect(clampToBounds(50, CALCULATOR_BOUNDS.retirementAge)).toBe(55);
    expect(clampToBounds(71, CALCULATOR_BOUNDS.retirementAge)).toBe(70);
    expect(clampToBounds(-5, CALCULATOR_BOUNDS.monthly)).toBe(0);
    expect(clampToBounds(9999, CALCULATOR_BOUNDS.monthly)).toBe(2500);
    expect(clampToBounds(3, CALCULATOR_BOUNDS.yieldPercent)).toBe(4);
    expect(clampToBounds(9, CALCULATOR_BOUNDS.yieldPercent)).toBe(8);
  });

  it('snaps to the step', () => {
    expect(clampToBounds(260, CALCULATOR_BOUNDS.monthly)).toBe(250);
    expect(clampToBounds(280, CALCULATOR_BOUNDS.monthly)).toBe(300);
    expect(clampToBounds(6.3, CALCULATOR_BOUNDS.yieldPercent)).toBe(6.5);
    expect(clampToBounds(6.2, CALCULATOR_BOUNDS.yieldPercent)).toBe(6);
    expect(clampToBounds(Number.NaN, CALCULATOR_BOUNDS.age)).toBe(35);
  });
});
