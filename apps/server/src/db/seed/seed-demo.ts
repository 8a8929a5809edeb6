import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { seedCatalog } from '../../modules/catalog/seed.ts';
import { seedContent } from '../../modules/content/seed.ts';
import { seedTasks } from '../../modules/task/seed.ts';
import { seedConsole } from '../../modules/staff/public.ts';
import { seedNationalDemo } from '../../modules/national/seed.ts';

type Step = [string, (ctx: AppContext) => Promise<unknown>];

async function run(ctx: AppContext, log: FastifyBaseLogger, steps: Step[]) {
  for (const [name, step] of steps) {
    await step(ctx);
    log.debug({ step: name }, 'seed');
  }
}

/**
 * Reference data every installation needs, production included, seeded
 * idempotently at every start: the national list of schools, the administrative
 * regions, the carriers, and the first console admin (its password printed once).
 */
export async function seedReference(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  await run(ctx, log, [
    ['catalog', seedCatalog],
    ['console', seedConsole],
  ]);
}

/**
 * Demo data, seeded idempotently at every start in demo mode. Each area adds its
 * own seed function here, in dependency order.
 */
export async function seedDemo(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  await run(ctx, log, [
    ['content', seedContent],
    ['national', seedNationalDemo],
    ['task', seedTasks],
  ]);
}
