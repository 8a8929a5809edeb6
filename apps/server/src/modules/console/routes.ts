import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consoleAuthRoutes } from './auth-routes.ts';
import { consoleOrderRoutes } from '../orders/staff-routes.ts';
import { consoleOpsRoutes } from './ops-routes.ts';
import { consoleContentRoutes } from './content-routes.ts';
import { consoleCatalogRoutes } from './catalog-routes.ts';
import { consoleFormsRoutes } from './forms-routes.ts';
import { consoleNationalReportRoutes } from './national-report-routes.ts';
import { consoleTotpRoutes } from './totp-routes.ts';

/** The staff console's API under /api/console (staff tokens only, never a member's). */
export const consoleRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(consoleAuthRoutes);
  await app.register(consoleOrderRoutes);
  await app.register(consoleOpsRoutes);
  await app.register(consoleContentRoutes);
  await app.register(consoleCatalogRoutes);
  await app.register(consoleFormsRoutes);
  await app.register(consoleNationalReportRoutes);
  await app.register(consoleTotpRoutes);
};
