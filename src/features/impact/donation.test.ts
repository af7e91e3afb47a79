import { describe, expect, it } from 'vitest';
import { canConfirm, canDecrease, decreasePoints, increasePoints, initialPoints, unitName, unitsFor } from './donation';

const trees = { name: 'Trees for All', unit: 'tree', unit_points: 250, unit_amount: 1, accumulation_units_plural: 'trees' };
const rewilding = { name: 'Rewilding', unit: 'square metre', unit_points: 100, unit_amount: 2, accumulation_units_plural: 'square metres' };

describe('donation stepper', () => {
  it('starts at one unit step', () => {
    expect(initialPoints(trees)).toBe(250);
  });

  it('increases by a step and decreases only while the result stays above 0', () => {
    expect(increasePoints(250, trees)).toBe(500);
    expect(decreasePoints(500, trees)).toBe(250);
    expect(decreasePoints(250, trees)).toBe(250);
    expect(canDecrease(250, trees)).toBe(false);
    expect(canDecrease(500, trees)).toBe(true);
  });

  it('computes units from the points', () => {
    expect(unitsFor(750, trees)).toBe(3);
    expect(unitsFor(300, rewilding)).toBe(6);
  });

  it('disables confirm above the balance', () => {
    expect(canConfirm(250, 250)).toBe(true);
    expect(canConfirm(500, 499)).toBe(false);
    expect(canConfirm(0, 100)).toBe(false);
  });

  it('shows REWILDING units as m2', () => {
    expect(unitName(rewilding, 6)).toBe('m2');
    expect(unitName({ ...rewilding, name: 'REWILDING' }, 1)).toBe('m2');
    expect(unitName(trees, 1)).toBe('tree');
    expect(unitName(trees, 3)).toBe('trees');
  });
});
