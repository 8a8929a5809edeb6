import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { seedTasks } from '../../modules/task/seed.ts';
import { seedCatalog } from '../../modules/catalog/seed.ts';
import { seedContent } from '../../modules/content/seed.ts';
import { seedConsole } from '../../modules/console/auth-service.ts';

/**
 * Demo data, seeded idempotently at every start in demo mode. Each area adds its
 * own seed function here, in dependency order.
 */
export async function seedDemo(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const steps: [string, (ctx: AppContext) => Promise<unknown>][] = [
    // ['area', seedFunction],  one line per area, in dependency order
    ['catalog', seedCatalog],
    ['task', seedTasks],
    ['content', seedContent],
    ['console', seedConsole],
    ['national', (c) => import('../../modules/national/seed.ts').then((m) => m.seedNationalDemo(c))],
  ];
  for (const [name, step] of steps) {
    await step(ctx);
    log.debug({ step: name }, 'demo seed');
  }
}
