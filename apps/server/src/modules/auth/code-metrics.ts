import client from 'prom-client';
import { registry } from '../../lib/metrics.ts';

/** Share of the channel's daily code budget used so far (as this instance last saw it). */
export const codeBudgetUsed = new client.Gauge({
  name: 'code_budget_used_ratio',
  help: 'Share of the daily SMS or e-mail code budget used',
  labelNames: ['channel'] as const,
  registers: [registry],
});

/** Each fill level of the daily budget reached (50, 80, 100 = crossed), once per day across instances. */
export const codeBudgetAlerts = new client.Counter({
  name: 'code_budget_alerts_total',
  help: 'Daily code budget levels reached',
  labelNames: ['channel', 'level'] as const,
  registers: [registry],
});

/** Codes the provider refused or could not take, by its own code. */
export const codeSendFailures = new client.Counter({
  name: 'code_send_failures_total',
  help: 'Verification codes not sent, by provider, reason and provider code',
  labelNames: ['channel', 'provider', 'reason', 'code'] as const,
  registers: [registry],
});
