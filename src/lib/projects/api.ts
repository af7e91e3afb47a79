/**
 * Projects (reward targets, impact projects) and the user's selected targets. My Impact, Set Target and
 * Transactions all read these, so the calls live here once. The server answers their texts (types,
 * descriptions, units) in the language asked for.
 */
import { request } from '../http';
import type { Lang } from '../i18n';
import type { Paged, Project, TargetItem } from '@contract/types';

export function fetchSelectedTargets(lang: Lang, signal?: AbortSignal): Promise<Paged<TargetItem>> {
  return request<Paged<TargetItem>>('/application-users/targets', { query: { limit: 100, offset: 0 }, signal, lang });
}

export function fetchProjects(lang: Lang, signal?: AbortSignal): Promise<Paged<Project>> {
  return request<Paged<Project>>('/project', { query: { limit: 200, offset: 0 }, signal, lang });
}

export function fetchProject(id: number, lang: Lang, signal?: AbortSignal): Promise<Project> {
  return request<Project>(`/project/${id}`, { signal, lang });
}
