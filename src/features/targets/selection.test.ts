import { describe, expect, it } from 'vitest';
import type { Project } from '@contract/types';
import { decideToggle, effectiveSelection, groupProjects } from './selection';

const p = (id: number, name: string, type: string | null, category: string | null = null): Project => ({
  id, name, description: '', unit_description: null, social: false, background_image: null,
  type: type ? { id: id, name: type } : null, category: category ? { id: id, name: category } : null,
  unit: 'tree', unit_points: 100, unit_amount: 1, user_total_units_amount: 0, accumulation_units_plural: 'trees',
});

describe('target selection', () => {
  it('overlays pending changes on the server selection in order', () => {
    expect(effectiveSelection([1, 2], [{ kind: 'target', targetId: 2, selected: false }, { kind: 'target', targetId: 3, selected: true }])).toEqual([1, 3]);
    expect(effectiveSelection([1], [{ kind: 'favorite' }, { kind: 'target', targetId: 1, selected: true }], [{ kind: 'target', targetId: 1, selected: false }])).toEqual([]);
  });

  it('allows at most two', () => {
    expect(decideToggle([], 4)).toEqual({ action: 'select' });
    expect(decideToggle([1], 4)).toEqual({ action: 'select' });
    expect(decideToggle([1, 2], 4)).toEqual({ action: 'refuse', reason: 'already_selected_two' });
    expect(decideToggle([1, 2], 2)).toEqual({ action: 'unselect' });
  });

  it('groups by type name sorted by first letter, missing type as Others', () => {
    const groups = groupProjects([p(1, 'Reef', 'Water'), p(2, 'Oak', 'Forest'), p(3, 'Meal', null), p(4, 'Ash', 'Forest')], (x) => x.type?.name, 'Others');
    expect(groups.map((g) => [g.name, g.projects.map((x) => x.name)])).toEqual([
      ['Forest', ['Ash', 'Oak']],
      ['Others', ['Meal']],
      ['Water', ['Reef']],
    ]);
  });
});
