// Account calls: profile update, photo upload, interests, deletion.
import type { Interest, Paged, SaveInterestsRequest, SignedInDevice, UpdateMeRequest, UploadedFile, User } from '@contract/types';
import { request } from '../../lib/http';
import { setUser } from '../../lib/session';

export async function updateMe(body: UpdateMeRequest): Promise<User> {
  const me = await request<User>('/application-users/me', { method: 'PUT', body });
  setUser(me);
  return me;
}

export async function fetchMe(): Promise<User> {
  const me = await request<User>('/application-users/me');
  setUser(me);
  return me;
}

export function uploadFile(file: File): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file);
  form.append('mime', 'not_validate');
  return request<UploadedFile>('/files', { method: 'POST', body: form });
}

export async function fetchInterests(signal?: AbortSignal): Promise<Interest[]> {
  const res = await request<Paged<Interest> | Interest[]>('/interests', { query: { limit: 100, offset: 0 }, signal });
  return Array.isArray(res) ? res : (res?.results ?? []);
}

export async function saveInterests(body: SaveInterestsRequest): Promise<User> {
  const me = await request<User>('/application-users/me/interests', { method: 'PUT', body });
  setUser(me);
  return me;
}

export function deleteAccount(): Promise<null> {
  return request<null>('/application-users/me', { method: 'DELETE' });
}

export async function fetchDevices(signal?: AbortSignal): Promise<SignedInDevice[]> {
  return (await request<{ results: SignedInDevice[] }>('/application-users/me/devices', { signal })).results;
}

export function signOutDevice(id: string): Promise<null> {
  return request<null>(`/application-users/me/devices/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function signOutOtherDevices(): Promise<null> {
  return request<null>('/application-users/me/devices/sign-out-others', { method: 'POST' });
}

/** The user's data file (step-up: the password again). */
export function downloadMyData(password: string): Promise<Blob> {
  return request<Blob>('/application-users/me/export', { method: 'POST', body: { password }, as: 'blob' });
}
