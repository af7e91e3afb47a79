/**
 * The user's reward-target selection, offline-capable.
 * Effective selection = the server's list overlaid with the outbox's pending changes. A toggle is
 * checked against the max-two rule on that effective selection, then queued (applies at once).
 * The outbox sends it; a refusal (e.g. 422 at_least_one_should_be_social) drops the pending
 * changes and puts the server back, which reverts the screen; the app layout tells the user
 * (target-outbox.ts), wherever they are.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Project } from '@contract/types';
import { useLang } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { onOutboxSynced, queueChange, usePendingChanges } from '../../offline/outbox';
import { projectQueries } from '../../lib/projects/queries';
import { decideToggle, effectiveSelection } from './selection';

/** The 'already two selected' prompt, offering to remove one. */
export type TargetNotice = { kind: 'two'; targetId: number };

export function useTargetSelection() {
  const { userId } = useSession();
  const queryClient = useQueryClient();
  const lang = useLang();
  const targets = useQuery({ ...projectQueries.selectedTargets(lang), enabled: userId != null });
  const projects = useQuery(projectQueries.list(lang));
  const pending = usePendingChanges();
  const [notice, setNotice] = useState<TargetNotice | null>(null);

  // Memoised: a fresh [] each render would recompute everything below on every render.
  const serverItems = useMemo(() => targets.data?.results ?? [], [targets.data]);
  const serverIds = useMemo(() => serverItems.map((i) => i.target.id), [serverItems]);
  const selectedIds = useMemo(() => effectiveSelection(serverIds, pending), [serverIds, pending]);
  const pendingIds = useMemo(
    () => new Set(pending.flatMap((c) => (c.kind === 'target' ? [c.targetId] : []))),
    [pending],
  );

  const projectById = useMemo(() => {
    const map = new Map<number, Project>();
    for (const p of projects.data?.results ?? []) map.set(p.id, p);
    for (const i of serverItems) map.set(i.target.id, i.target);
    return map;
  }, [projects.data, serverItems]);

  const selectedProjects = useMemo(
    () => selectedIds.map((id) => projectById.get(id)).filter((p): p is Project => Boolean(p)),
    [selectedIds, projectById],
  );

  const projectByIdRef = useLatest(projectById);

  useEffect(
    () =>
      onOutboxSynced((change) => {
        if (change.kind !== 'target') return;
        // Write the synced change into the cache first so the screen does not flicker back while the
        // list is fetched again.
        queryClient.setQueryData(projectQueries.selectedTargets(lang).queryKey, (old) => {
          if (!old) return old;
          const without = old.results.filter((i) => i.target.id !== change.targetId);
          const project = projectByIdRef.current.get(change.targetId);
          const results = change.selected && project ? [...without, { id: -change.targetId, target: project }] : without;
          return { ...old, results, metadata: { ...old.metadata, total: results.length } };
        });
      }),
    [queryClient, projectByIdRef, lang],
  );

  const setSelected = useCallback(
    (targetId: number, selected: boolean) => {
      if (userId == null) return;
      const showing = selectedIds.includes(targetId);
      if (showing === selected) return;
      void queueChange(userId, { kind: 'target', targetId, selected }, showing);
    },
    [userId, selectedIds],
  );

  const toggle = useCallback(
    (targetId: number) => {
      if (!targets.data && !targets.isError) return;
      const decision = decideToggle(selectedIds, targetId);
      if (decision.action === 'refuse') {
        setNotice({ kind: 'two', targetId });
        return;
      }
      setSelected(targetId, decision.action === 'select');
    },
    [selectedIds, setSelected, targets.data, targets.isError],
  );

  return {
    signedIn: userId != null,
    /** The server selection is known (cached or fetched): toggles are checked against it. */
    ready: userId != null && (targets.data !== undefined || targets.isError),
    projects,
    targets,
    selectedIds,
    selectedProjects,
    pendingIds,
    projectById,
    toggle,
    remove: (targetId: number) => setSelected(targetId, false),
    notice,
    clearNotice: () => setNotice(null),
  };
}

/** A ref that always holds the latest committed value, for subscriptions that must not re-subscribe. */
function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useLayoutEffect(() => {
    ref.current = value;
  });
  return ref;
}
