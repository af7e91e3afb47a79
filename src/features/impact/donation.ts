/** Donation stepper rules, pure. */
export interface DonationProject {
  name: string;
  unit: string;
  unit_points: number;
  unit_amount: number;
  accumulation_units_plural: string;
}

/** The step in points (at least 1 so a misconfigured project cannot lock the stepper). */
export function stepPoints(project: Pick<DonationProject, 'unit_points'>): number {
  return Math.max(1, Math.round(project.unit_points) || 1);
}

/** Chosen points reset to one step on entry. */
export function initialPoints(project: Pick<DonationProject, 'unit_points'>): number {
  return stepPoints(project);
}

export function increasePoints(points: number, project: Pick<DonationProject, 'unit_points'>): number {
  return points + stepPoints(project);
}

/** Decreases by one step only while the result stays above 0. */
export function decreasePoints(points: number, project: Pick<DonationProject, 'unit_points'>): number {
  const next = points - stepPoints(project);
  return next > 0 ? next : points;
}

export function canDecrease(points: number, project: Pick<DonationProject, 'unit_points'>): boolean {
  return points - stepPoints(project) > 0;
}

export function unitsFor(points: number, project: Pick<DonationProject, 'unit_points' | 'unit_amount'>): number {
  const units = (points / stepPoints(project)) * (project.unit_amount || 1);
  return Math.round(units * 100) / 100;
}

/** Confirm is disabled above the available balance. */
export function canConfirm(points: number, balance: number): boolean {
  return points > 0 && points <= balance;
}

/** A project named REWILDING shows its unit as m2. */
export function unitName(project: Pick<DonationProject, 'name' | 'unit' | 'accumulation_units_plural'>, count: number): string {
  if (project.name.trim().toUpperCase() === 'REWILDING') return 'm2';
  return count === 1 ? project.unit : project.accumulation_units_plural || project.unit;
}
