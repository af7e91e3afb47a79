/**
 * Reward-target selection rules, pure.
 * The effective selection is the server's selection overlaid with the changes still waiting in
 * the offline outbox (and any not yet written to it), in order.
 */
import type { Project } from '@contract/types';

export const MAX_TARGETS = 2;

export interface TargetChange {
  kind: string;
  targetId?: number;
  selected?: boolean;
}

export function effectiveSelection(serverIds: readonly number[], ...overlays: ReadonlyArray<readonly TargetChange[]>): number[] {
  const ids = [...serverIds];
  for (const changes of overlays) {
    for (const change of changes) {
      if (change.kind !== 'target' || change.targetId == null) continue;
      const at = ids.indexOf(change.targetId);
      if (change.selected && at < 0) ids.push(change.targetId);
      if (!change.selected && at >= 0) ids.splice(at, 1);
    }
  }
  return ids;
}

export type ToggleDecision =
  | { action: 'select' }
  | { action: 'unselect' }
  | { action: 'refuse'; reason: 'already_selected_two' };

/** Toggle removes when present, adds when fewer than two are selected, otherwise refuses. */
export function decideToggle(selected: readonly number[], targetId: number): ToggleDecision {
  if (selected.includes(targetId)) return { action: 'unselect' };
  if (selected.length >= MAX_TARGETS) return { action: 'refuse', reason: 'already_selected_two' };
  return { action: 'select' };
}

export interface ProjectGroup {
  name: string;
  projects: Project[];
}

/**
 * Groups projects by a name (type or category), 'Others' for the missing one, groups sorted by
 * their first letter (ties kept in the order first seen), projects sorted by name inside.
 */
export function groupProjects(projects: readonly Project[], pick: (p: Project) => string | null | undefined, othersLabel: string): ProjectGroup[] {
  const groups = new Map<string, Project[]>();
  for (const project of projects) {
    const name = pick(project)?.trim() || othersLabel;
    const list = groups.get(name);
    if (list) list.push(project);
    else groups.set(name, [project]);
  }
  const firstLetter = (s: string) => s.charAt(0).toLocaleUpperCase();
  return [...groups]
    .map(([name, list]) => ({ name, projects: [...list].sort((a, b) => a.name.localeCompare(b.name)) }))
    .sort((a, b) => firstLetter(a.name).localeCompare(firstLetter(b.name)));
}
