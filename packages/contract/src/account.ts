import { z } from 'zod';

/** An order that blocks deactivation: paid, not yet shipped (GET /api/member/deactivationCheck). */
export const pendingOrderSchema = z.object({
  id: z.number(),
  orderNo: z.string(),
  kind: z.string(),
  state: z.number(),
});
export type PendingOrder = z.infer<typeof pendingOrderSchema>;

export const deactivationCheckSchema = z.object({ pendingOrders: z.array(pendingOrderSchema) });
export type DeactivationCheck = z.infer<typeof deactivationCheckSchema>;
