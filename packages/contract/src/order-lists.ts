import { z } from 'zod';
import { orderAnswerSchema } from './orders.ts';

/**
 * The member's order list and photo consent answers (document 2, section 7): the server's
 * response schemas and the portal's types, one definition (see ARCHITECTURE.md, "Where each
 * rule lives").
 */

/** One order of GET /api/order/findOrderList: the order, its people's names, the first person's photo flag. */
export const orderListItemSchema = orderAnswerSchema.extend({
  names: z.array(z.string()),
  firstPicAllowState: z.number(),
});
export type OrderListItem = z.infer<typeof orderListItemSchema>;

/** GET/POST /api/order/photoConsent. */
export const photoConsentSchema = z.object({
  given: z.boolean(),
  version: z.string(),
  acceptedAt: z.string().nullable(),
});
export type PhotoConsent = z.infer<typeof photoConsentSchema>;
