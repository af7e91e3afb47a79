/**
 * Projects (reward targets, impact projects) and the user's selected targets. My Impact, Set Target and
 * Transactions all read these, so the calls live here once.
 */
import { request } from '../http';
import type { Paged, Project, TargetItem } from '@contract/types';

export function fetchSelectedTargets(signal?: AbortSignal): Promise<Paged<TargetItem>> {
  return request<Paged<TargetItem>>('/application-users/targets', { query: { limit: 100, offset: 0 }, signal });
}

export function fetchProjects(signal?: AbortSignal): Promise<Paged<Project>> {
  return request<Paged<Project>>('/project', { query: { limit: 200, offset: 0 }, signal });
}

export function fetchProject(id: number, signal?: AbortSignal): Promise<Project> {
  return request<Project>(`/project/${id}`, { signal });
}
