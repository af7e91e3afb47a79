/**
 * Prometheus metrics (prom-client), one registry per process, scraped at GET /metrics
 * (http/metrics.ts). The counters are here, in the bottom layer, so routes, services and jobs count
 * with one call; several apps in one process (the API tests) share them, so tests compare deltas.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpRequests = new Counter({
  name: 'socialpay_http_requests_total',
  help: 'HTTP requests answered, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'socialpay_http_request_duration_seconds',
  help: 'Time from request to response headers, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

const outboxWrites = new Counter({
  name: 'socialpay_outbox_writes_total',
  help: 'Writes the app queues offline and replays (favorites, reward target), received and applied.',
  labelNames: ['kind'] as const,
  registers: [registry],
});

const payments = new Counter({
  name: 'socialpay_payments_total',
  help: 'Gift-card payments completed (orders paid).',
  registers: [registry],
});

const giftCards = new Counter({
  name: 'socialpay_gift_cards_issued_total',
  help: 'Gift cards issued to wallets.',
  registers: [registry],
});

const rateLimited = new Counter({
  name: 'socialpay_rate_limit_refusals_total',
  help: 'Requests refused with 429 by a per-client limit, by limit.',
  labelNames: ['limit'] as const,
  registers: [registry],
});

const jobRuns = new Counter({
  name: 'socialpay_job_runs_total',
  help: 'Scheduled job runs, by job and outcome.',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
});

const pushes = new Counter({
  name: 'socialpay_push_deliveries_total',
  help: 'Web Push messages handed to push services, by outcome: sent, gone (subscription removed) or retry.',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export type OutboxKind = 'favorite' | 'reward_target';

export const countOutboxWrite = (kind: OutboxKind) => outboxWrites.inc({ kind });
export const countPayment = () => payments.inc();
export const countGiftCards = (n = 1) => giftCards.inc(n);
export const countRateLimited = (limit: string) => rateLimited.inc({ limit });
export const countPush = (outcome: 'sent' | 'gone' | 'retry') => pushes.inc({ outcome });
/** Every job counts its runs here: call once per run with its name and whether it finished. */
export const countJobRun = (job: string, outcome: 'ok' | 'failed' = 'ok') => jobRuns.inc({ job, outcome });

/** A gauge read at scrape time (the database pool's connections). */
export function gaugeFrom(name: string, help: string, labelNames: string[], read: (set: (labels: Record<string, string>, v: number) => void) => void): void {
  if (registry.getSingleMetric(name)) registry.removeSingleMetric(name);
  new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      read((labels, v) => this.set(labels, v));
    },
  });
}
