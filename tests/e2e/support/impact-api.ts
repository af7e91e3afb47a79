// API helpers for the rewards & impact journeys: a user token and authenticated JSON calls,
// so a spec can compare the screen with what the server says.
import type { APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD } from './users';

export interface ApiAs {
  get<T>(path: string): Promise<T>;
  post(path: string, body: unknown): Promise<number>;
  put(path: string, body: unknown): Promise<number>;
  del(path: string, body: unknown): Promise<number>;
}

export async function apiAs(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<ApiAs> {
  const res = await request.post('/oauth/v2/token', { data: { grant_type: 'password', username: email, password, scope: 'ios' } });
  if (!res.ok()) throw new Error(`token for ${email}: ${res.status()}`);
  const { access_token } = (await res.json()) as { access_token: string };
  const headers = { Authorization: `Bearer ${access_token}`, 'Accept-Language': 'en' };
  return {
    async get<T>(path: string) {
      const r = await request.get(`/api/v1.0${path}`, { headers });
      if (!r.ok()) throw new Error(`GET ${path}: ${r.status()}`);
      return (await r.json()) as T;
    },
    async post(path: string, body: unknown) {
      return (await request.post(`/api/v1.0${path}`, { headers, data: body })).status();
    },
    async put(path: string, body: unknown) {
      return (await request.put(`/api/v1.0${path}`, { headers, data: body })).status();
    },
    async del(path: string, body: unknown) {
      return (await request.delete(`/api/v1.0${path}`, { headers, data: body })).status();
    },
  };
}

export const eur = (minor: number, lang: 'en' | 'nl' = 'en') =>
  new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'nl-NL', { style: 'currency', currency: 'EUR' }).format(minor / 100);
