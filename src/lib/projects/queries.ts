/**
 * Query options shared by My Impact, Set Target and Transactions: one key, one fetch, one shape each,
 * all kept for offline starts. Selection changes are written through the offline outbox.
 * Keyed by language: the server answers project texts in the language asked for, so each language
 * keeps its own copy and a language switch shows (or fetches) the other at once.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Lang } from '../i18n';
import { keepOffline } from '../../offline/keep-offline';
import { fetchProject, fetchProjects, fetchSelectedTargets } from './api';

export const projectQueries = {
  /** Every project query (the lists and each detail, in every language). */
  all: () => ['projects'] as const,
  /** The selected targets in every language: what a selection change invalidates. */
  targets: () => ['targets'] as const,
  /** The user's selected reward targets (at most 2). */
  selectedTargets: (lang: Lang) =>
    queryOptions({
      queryKey: [...projectQueries.targets(), lang] as const,
      queryFn: ({ signal }) => fetchSelectedTargets(lang, signal),
      ...keepOffline,
      staleTime: 0,
    }),
  list: (lang: Lang) =>
    queryOptions({ queryKey: [...projectQueries.all(), 'list', lang] as const, queryFn: ({ signal }) => fetchProjects(lang, signal), ...keepOffline }),
  detail: (id: number, lang: Lang) =>
    queryOptions({ queryKey: [...projectQueries.all(), id, lang] as const, queryFn: ({ signal }) => fetchProject(id, lang, signal), ...keepOffline }),
};
