/**
 * Server configuration from the environment, validated with zod.
 * loadConfig throws a ConfigError with a readable message; main.ts prints it and exits.
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import { LOG_FORMATS, LOG_LEVELS, type LogLevel } from './log.ts';

const intFrom = (name: string, def: number, min: number, max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return def;
      if (!/^\d+$/.test(v)) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a whole number, got "${v}"` });
        return z.NEVER;
      }
      const n = Number(v);
      if (n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${name} must be between ${min} and ${max}, got ${n}` });
        return z.NEVER;
      }
      return n;
    });

const urlString = (name: string) =>
  z
    .string()
    .trim()
    .optional()
    .refine((v) => v === undefined || v === '' || /^(https?):\/\/[^\s/]+/.test(v), {
      message: `${name} must be an http(s) URL`,
    });

/** One of a few words (empty: the default). */
const oneOf = (name: string, values: readonly string[]) =>
  z
    .string()
    .trim()
    .optional()
    .refine((v) => v === undefined || v === '' || values.includes(v), { message: `${name} must be one of ${values.join(', ')}` });

/** "N/S": at most N requests per S seconds from one client; "0" or "off": no limit. */
const rateFrom = (name: string, def: RateRule) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx): RateRule | null => {
      if (v === undefined || v === '') return def;
      if (v === '0' || v.toLowerCase() === 'off') return null;
      const m = /^(\d{1,9})\/(\d{1,7})$/.exec(v);
      if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) {
        ctx.addIssue({ code: 'custom', message: `${name} must be "requests/seconds" (e.g. 60/60) or 0 for no limit, got "${v}"` });
        return z.NEVER;
      }
      return { points: Number(m[1]), seconds: Number(m[2]) };
    });

/** "name:secret,name2:secret2": the affiliate networks that may post conversions, each with its signing secret. */
const partnersFrom = (name: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx): Map<string, string> | null => {
      if (v === undefined || v === '') return null;
      const out = new Map<string, string>();
      for (const part of v.split(',')) {
        const m = /^([a-z0-9_-]{1,32}):(\S{16,256})$/.exec(part.trim());
        if (!m) {
          ctx.addIssue({ code: 'custom', message: `${name} must be "network:secret,…" (network: a-z 0-9 _ -, secret: 16 or more characters)` });
          return z.NEVER;
        }
        out.set(m[1], m[2]);
      }
      return out;
    });

/** "push.example.org,…": host names of self-hosted push services (each with its subdomains); lower-cased. */
const hostsFrom = (name: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx): string[] => {
      if (v === undefined || v === '') return [];
      const out: string[] = [];
      for (const part of v.split(',')) {
        const host = part.trim().toLowerCase();
        // Two or more DNS labels, the last one not numeric: no IP address, port, scheme or wildcard.
        if (!/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(host)) {
          ctx.addIssue({ code: 'custom', message: `${name} must be host names separated by commas (push.example.org), got "${part.trim()}"` });
          return z.NEVER;
        }
        out.push(host);
      }
      return out;
    });

const EnvSchema = z.object({
  PORT: intFrom('PORT', 8080, 0, 65535),
  LISTEN_ADDRESS: z
    .string()
    .trim()
    .optional()
    .refine((v) => v === undefined || v === '' || v === 'localhost' || isIP(v) !== 0, {
      message: 'LISTEN_ADDRESS must be an IP address to listen on (127.0.0.1, 0.0.0.0, ::1, …) or localhost',
    }),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .refine((v) => v === undefined || v === '' || /^postgres(ql)?:\/\//.test(v), {
      message: 'DATABASE_URL must start with postgres:// or postgresql://',
    }),
  DATA_DIR: z.string().trim().optional(),
  PUBLIC_URL: urlString('PUBLIC_URL'),
  DEMO_USERS: intFrom('DEMO_USERS', 1, 0, 200),
  SEED_BRANDS: intFrom('SEED_BRANDS', 0, 0, 200_000),
  ACCESS_TOKEN_TTL: intFrom('ACCESS_TOKEN_TTL', 900, 10, 86_400),
  DIST_DIR: z.string().trim().optional(),
  RATE_LIMIT_TOKEN: rateFrom('RATE_LIMIT_TOKEN', { points: 120, seconds: 60 }),
  RATE_LIMIT_SIGNUP: rateFrom('RATE_LIMIT_SIGNUP', { points: 20, seconds: 3600 }),
  RATE_LIMIT_RESET_PASSWORD: rateFrom('RATE_LIMIT_RESET_PASSWORD', { points: 10, seconds: 3600 }),
  RATE_LIMIT_TRACKING: rateFrom('RATE_LIMIT_TRACKING', { points: 300, seconds: 60 }),
  TRUST_PROXY: intFrom('TRUST_PROXY', 0, 0, 10),
  PURGE_INTERVAL: intFrom('PURGE_INTERVAL', 3600, 1, 7 * 86_400),
  VISIT_RETENTION_DAYS: intFrom('VISIT_RETENTION_DAYS', 90, 1, 3650),
  ORDER_PAYMENT_TTL: intFrom('ORDER_PAYMENT_TTL', 1800, 60, 7 * 86_400),
  LOG_LEVEL: oneOf('LOG_LEVEL', LOG_LEVELS),
  // Read by log.ts when the process starts (before this check): validated here so a typo stops it.
  LOG_FORMAT: oneOf('LOG_FORMAT', LOG_FORMATS),
  SHUTDOWN_GRACE: intFrom('SHUTDOWN_GRACE', 10, 0, 600),
  SHUTDOWN_DELAY: intFrom('SHUTDOWN_DELAY', 0, 0, 60),
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .refine((v) => v === undefined || v === '' || /^[A-Za-z0-9._~+/=-]{16,200}$/.test(v), {
      message: 'METRICS_TOKEN must be 16 to 200 token characters (letters, digits, ._~+/=-)',
    }),
  PARTNER_SECRETS: partnersFrom('PARTNER_SECRETS'),
  PAYOUT_INTERVAL: intFrom('PAYOUT_INTERVAL', 86_400, 1, 30 * 86_400),
  VAPID_PUBLIC_KEY: z.string().trim().optional().refine((v) => !v || /^[A-Za-z0-9_-]{80,100}$/.test(v), {
    message: 'VAPID_PUBLIC_KEY must be the base64url public key (npx web-push generate-vapid-keys)',
  }),
  VAPID_PRIVATE_KEY: z.string().trim().optional().refine((v) => !v || /^[A-Za-z0-9_-]{40,50}$/.test(v), {
    message: 'VAPID_PRIVATE_KEY must be the base64url private key (npx web-push generate-vapid-keys)',
  }),
  VAPID_SUBJECT: z.string().trim().optional().refine((v) => !v || /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(v), {
    message: 'VAPID_SUBJECT must be a mailto: address or an https: URL',
  }),
  PUSH_INTERVAL: intFrom('PUSH_INTERVAL', 30, 1, 3600),
  PUSH_ALLOW_LOOPBACK: z.string().trim().optional(),
  PUSH_HOSTS: hostsFrom('PUSH_HOSTS'),
});

export interface RateRule {
  points: number;
  seconds: number;
}

export interface Config {
  port: number;
  /** Address to listen on; undefined: every interface. */
  host: string | undefined;
  /** Set: use PostgreSQL through a pg Pool. Unset: embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  /** PGlite data directory, or 'memory://' for an in-memory database. */
  dataDir: string;
  /** Origin the browser uses to reach the app (no trailing slash); sandbox return URLs are built from it. */
  publicUrl: string;
  demoUsers: number;
  /** 0 = the normal ~130-brand catalogue; N > 0 = a catalogue of N brands (scale work). */
  seedBrands: number;
  /** Access token lifetime in seconds. */
  accessTokenTtl: number;
  /** Directory of the built app (vite build output). */
  distDir: string;
  /** Per-client limits of the unauthenticated writes; null = no limit. */
  rateLimits: { token: RateRule | null; signUp: RateRule | null; resetPassword: RateRule | null; tracking: RateRule | null };
  /** Proxies in front of the server: 0 = the client is the socket's address; N = the Nth address from
   *  the right of X-Forwarded-For (each trusted proxy appends the address it saw). */
  trustProxy: number;
  /** Seconds between retention purges (expired tokens, old screen visits, spent rate-limit counters). */
  purgeInterval: number;
  /** Screen visits older than this many days are deleted. */
  visitRetentionDays: number;
  /** Seconds an order may wait for its payment (from its latest payment link) before it is cancelled as expired. */
  orderPaymentTtl: number;
  /** pino level of the JSON log lines on stdout. */
  logLevel: LogLevel;
  /** On SIGTERM: seconds the requests in flight get to finish before their connections are cut. */
  shutdownGrace: number;
  /** On SIGTERM: seconds the process keeps accepting (answering /ready 503) before it stops listening,
   *  for load balancers that poll readiness. */
  shutdownDelay: number;
  /** Bearer token for GET /metrics from a non-loopback client; unset: loopback only. */
  metricsToken: string | undefined;
  /** Affiliate networks and their signing secrets; null: the one network `demo`, its secret kept in the database. */
  partnerSecrets: Map<string, string> | null;
  /** Seconds between payout runs (confirmed rewards → paid to the user's targets). */
  payoutInterval: number;
  /** Web Push VAPID keys (base64url); null: a pair made on first start and kept in the database. */
  vapid: { publicKey: string; privateKey: string } | null;
  /** The VAPID contact (mailto: or https:); unset: PUBLIC_URL when https, else a mailto: of the host. */
  vapidSubject: string;
  /** Seconds between runs of the push sender (and of the expiry reminders' check, hourly at most). */
  pushInterval: number;
  /** Tests only: push endpoints on 127.0.0.1 / localhost over http are accepted. */
  pushAllowLoopback: boolean;
  /** Push service hosts besides the browsers' own (each with its subdomains): self-hosted push services. */
  pushHosts: string[];
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse({
    PORT: env.PORT,
    LISTEN_ADDRESS: env.LISTEN_ADDRESS,
    DATABASE_URL: env.DATABASE_URL,
    DATA_DIR: env.DATA_DIR,
    PUBLIC_URL: env.PUBLIC_URL,
    DEMO_USERS: env.DEMO_USERS,
    SEED_BRANDS: env.SEED_BRANDS,
    ACCESS_TOKEN_TTL: env.ACCESS_TOKEN_TTL,
    DIST_DIR: env.DIST_DIR,
    RATE_LIMIT_TOKEN: env.RATE_LIMIT_TOKEN,
    RATE_LIMIT_SIGNUP: env.RATE_LIMIT_SIGNUP,
    RATE_LIMIT_RESET_PASSWORD: env.RATE_LIMIT_RESET_PASSWORD,
    RATE_LIMIT_TRACKING: env.RATE_LIMIT_TRACKING,
    TRUST_PROXY: env.TRUST_PROXY,
    PURGE_INTERVAL: env.PURGE_INTERVAL,
    VISIT_RETENTION_DAYS: env.VISIT_RETENTION_DAYS,
    ORDER_PAYMENT_TTL: env.ORDER_PAYMENT_TTL,
    LOG_LEVEL: env.LOG_LEVEL,
    LOG_FORMAT: env.LOG_FORMAT,
    SHUTDOWN_GRACE: env.SHUTDOWN_GRACE,
    SHUTDOWN_DELAY: env.SHUTDOWN_DELAY,
    METRICS_TOKEN: env.METRICS_TOKEN,
    PARTNER_SECRETS: env.PARTNER_SECRETS,
    PAYOUT_INTERVAL: env.PAYOUT_INTERVAL,
    VAPID_PUBLIC_KEY: env.VAPID_PUBLIC_KEY,
    VAPID_PRIVATE_KEY: env.VAPID_PRIVATE_KEY,
    VAPID_SUBJECT: env.VAPID_SUBJECT,
    PUSH_INTERVAL: env.PUSH_INTERVAL,
    PUSH_ALLOW_LOOPBACK: env.PUSH_ALLOW_LOOPBACK,
    PUSH_HOSTS: env.PUSH_HOSTS,
  });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY) {
    throw new ConfigError('Invalid configuration:\n  - VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (or neither)');
  }
  const port = e.PORT;
  const publicUrl = (e.PUBLIC_URL && e.PUBLIC_URL !== '' ? e.PUBLIC_URL : `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    // Behind a proxy (TRUST_PROXY) loopback unless LISTEN_ADDRESS says otherwise: a process reachable around the
    // proxy would trust a forged X-Forwarded-For (rate limits, loopback-only /metrics).
    host: e.LISTEN_ADDRESS ? e.LISTEN_ADDRESS : e.TRUST_PROXY > 0 ? '127.0.0.1' : undefined,
    databaseUrl: e.DATABASE_URL ? e.DATABASE_URL : undefined,
    dataDir: e.DATA_DIR ? e.DATA_DIR : '.data/pglite',
    publicUrl,
    demoUsers: e.DEMO_USERS,
    seedBrands: e.SEED_BRANDS,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    distDir: e.DIST_DIR ? e.DIST_DIR : 'dist',
    rateLimits: { token: e.RATE_LIMIT_TOKEN, signUp: e.RATE_LIMIT_SIGNUP, resetPassword: e.RATE_LIMIT_RESET_PASSWORD, tracking: e.RATE_LIMIT_TRACKING },
    trustProxy: e.TRUST_PROXY,
    purgeInterval: e.PURGE_INTERVAL,
    visitRetentionDays: e.VISIT_RETENTION_DAYS,
    orderPaymentTtl: e.ORDER_PAYMENT_TTL,
    logLevel: (e.LOG_LEVEL || 'info') as LogLevel,
    shutdownGrace: e.SHUTDOWN_GRACE,
    shutdownDelay: e.SHUTDOWN_DELAY,
    metricsToken: e.METRICS_TOKEN ? e.METRICS_TOKEN : undefined,
    partnerSecrets: e.PARTNER_SECRETS,
    payoutInterval: e.PAYOUT_INTERVAL,
    vapid: e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY } : null,
    vapidSubject: e.VAPID_SUBJECT || (publicUrl.startsWith('https://') ? publicUrl : `mailto:push@${new URL(publicUrl).hostname}`),
    pushInterval: e.PUSH_INTERVAL,
    pushAllowLoopback: e.PUSH_ALLOW_LOOPBACK === '1',
    pushHosts: e.PUSH_HOSTS,
  };
}
