import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffRoutes } from '../staff/staff-routes.ts';
import { consoleOrderRoutes } from '../orders/staff-routes.ts';
import { reprintStaffRoutes } from '../reprint/staff-routes.ts';
import { dashboardStaffRoutes } from '../orders/staff-dashboard-routes.ts';
import { contentStaffRoutes } from '../content/staff-routes.ts';
import { catalogStaffRoutes } from '../catalog/staff-routes.ts';
import { nationalStaffRoutes } from '../national/staff-routes.ts';
import { reviewStaffRoutes } from '../review/staff-routes.ts';
import { cohortStaffRoutes } from '../cohort/staff-routes.ts';

/**
 * The staff console's API under /api/console (staff tokens only, never a member's): each area's
 * staff routes live with the area (modules/<area>/staff-routes.ts) and are registered here.
 */
export const consoleRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(staffRoutes);
  await app.register(consoleOrderRoutes);
  await app.register(reprintStaffRoutes);
  await app.register(dashboardStaffRoutes);
  await app.register(contentStaffRoutes);
  await app.register(catalogStaffRoutes);
  await app.register(nationalStaffRoutes);
  await app.register(reviewStaffRoutes);
  await app.register(cohortStaffRoutes);
};
