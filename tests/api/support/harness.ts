/**
 * Test-file harness: `const t = useServer()` starts a real HTTP server on this file's own copy of
 * the seeded database (beforeAll) and stops it (afterAll). Helpers sign in, get visitor tokens,
 * sign up fresh users and make calls as a given token.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { TokenResponse, User } from '../../../server/contract/types.ts';
import { makeClient, type CallOptions, type Client, type Res } from './client.ts';
import { startServer, type ServerOptions, type TestServer } from './server.ts';
import { warmDocumentCheck } from './openapi-check.ts';

export const DEMO = { email: 'demo@socialpay.test', password: 'demo-pass-2026' };
export const DEMO2 = { email: 'demo2@socialpay.test', password: 'demo-pass-2026' };
export const DEMO3 = { email: 'demo3@socialpay.test', password: 'demo-pass-2026' };
export const NL_COUNTRY_ID = 1;

export interface SignedUp {
  user: User;
  email: string;
  password: string;
  token: string;
  refresh: string;
  api: Client;
}

export interface Harness {
  readonly server: TestServer;
  readonly baseUrl: string;
  /** No token. */
  readonly anon: Client;
  api(token?: string | null, defaults?: CallOptions): Client;
  token(body: Record<string, unknown>, opts?: CallOptions): Promise<Res<TokenResponse>>;
  login(email?: string, password?: string): Promise<TokenResponse>;
  /** Access token of the given account (signed in once per file and account). */
  userToken(email?: string, password?: string): Promise<string>;
  /** A visitor (client_credentials) token, one per file. */
  visitorToken(): Promise<string>;
  signUp(overrides?: Record<string, unknown>): Promise<SignedUp>;
}

let seq = 0;
export function uniqueEmail(tag = 'user'): string {
  return `${tag}.${process.pid}.${Date.now().toString(36)}.${++seq}@example.test`;
}

export function useServer(opts: ServerOptions = {}): Harness {
  let server: TestServer | null = null;
  beforeAll(async () => {
    tokens.clear();
    visitor = null;
    const t0 = Date.now();
    await warmDocumentCheck();
    server = await startServer(opts);
    if (process.env.API_TEST_DEBUG) console.log(`[api-tests] server up in ${Date.now() - t0} ms (${server.database.where})`);
  });
  afterAll(async () => {
    const t0 = Date.now();
    await server?.close();
    if (process.env.API_TEST_DEBUG) console.log(`[api-tests] server closed in ${Date.now() - t0} ms`);
  });
  const tokens = new Map<string, Promise<string>>();
  let visitor: Promise<string> | null = null;
  const need = () => {
    if (!server) throw new Error('server not started');
    return server;
  };
  const h: Harness = {
    get server() {
      return need();
    },
    get baseUrl() {
      return need().baseUrl;
    },
    get anon() {
      return makeClient(need().baseUrl);
    },
    api: (token, defaults) => makeClient(need().baseUrl, token ?? null, defaults),
    token: (body, o) => makeClient(need().baseUrl).post<TokenResponse>('/oauth/v2/token', body, o),
    async login(email = DEMO.email, password = DEMO.password) {
      const r = await h.token({ grant_type: 'password', username: email, password, client_id: 'web', scope: 'ios' });
      expect(r.status, `login ${email}: ${r.text}`).toBe(200);
      return r.body;
    },
    async userToken(email = DEMO.email, password = DEMO.password) {
      // One sign-in per account and file (argon2 is deliberately slow); tests that need their
      // own session call login().
      const key = `${email}\n${password}`;
      let p = tokens.get(key);
      if (!p) {
        p = h.login(email, password).then((t) => t.access_token);
        tokens.set(key, p);
        p.catch(() => tokens.delete(key));
      }
      return p;
    },
    async visitorToken() {
      visitor ??= h.token({ grant_type: 'client_credentials', scope: 'ios' }).then((r) => {
        expect(r.status, r.text).toBe(200);
        return r.body.access_token;
      });
      return visitor;
    },
    async signUp(overrides = {}) {
      const email = (overrides.email as string | undefined) ?? uniqueEmail();
      const password = (overrides.password as string | undefined) ?? 'Sup3r-secret!';
      const visitor = await h.visitorToken();
      const body = {
        first_name: 'Test',
        last_name: 'User',
        email,
        password,
        password_confirmation: password,
        country_id: NL_COUNTRY_ID,
        currency: 'EUR',
        ...overrides,
      };
      const r = await makeClient(need().baseUrl, visitor).post<User>('/application-users', body);
      expect(r.status, `sign up ${email}: ${r.text}`).toBe(201);
      const t = await h.login(email, password);
      return { user: r.body, email, password, token: t.access_token, refresh: t.refresh_token!, api: h.api(t.access_token) };
    },
  };
  return h;
}
