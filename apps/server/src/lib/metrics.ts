import client from 'prom-client';

/**
 * Prometheus metrics, one registry per process (module singletons, so several
 * apps in one test process share them instead of registering twice).
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry });

// http_request_duration_seconds: http/metrics.ts (its own collector, cheap per request).

export const photoCheckDuration = new client.Histogram({
  name: 'photo_check_duration_seconds',
  help: 'Duration of the automatic photo check',
  buckets: [0.025, 0.05, 0.1, 0.2, 0.4, 0.8, 1.6],
  registers: [registry],
});

export const photoCheckFailures = new client.Counter({
  name: 'photo_check_failures_total',
  help: 'Photos failing the automatic check, by failing item',
  labelNames: ['item'] as const,
  registers: [registry],
});

/** Recorded where a payment's outcome is decided: settlePayment and the zero-amount path (modules/payments/service.ts). */
export const paymentOutcomes = new client.Counter({
  name: 'payments_total',
  help: 'Payments by provider and outcome',
  labelNames: ['provider', 'outcome'] as const,
  registers: [registry],
});

/** Recorded when a refund reaches refunded or refund failed (recordRefundOutcome, modules/payments/refund-run.ts). */
export const refundOutcomes = new client.Counter({
  name: 'refunds_total',
  help: 'Refunds by outcome',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

/** 1 while the photo storage's circuit is open (providers/storage.ts): uploads answer 503 at once, reads of the database go on. */
export const storageCircuitOpen = new client.Gauge({
  name: 'storage_circuit_open',
  help: 'Whether the photo storage circuit breaker is open (1) or closed (0)',
  registers: [registry],
});

/** Notices by kind, channel (sms, mail, portal) and state (pending, sent, failed, skipped), counted from the database by the notice sender (modules/notices/sender.ts). */
export const noticeCounts = new client.Gauge({
  name: 'notices',
  help: 'Notices by kind, channel and state',
  labelNames: ['kind', 'channel', 'state'] as const,
  registers: [registry],
});
