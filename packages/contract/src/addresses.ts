import { z } from 'zod';
import { shippingFormSchema } from './orders.ts';

/** The address book (saved delivery addresses of the logged-in member), in the shipping form's field names. */
export const MAX_ADDRESSES = 20;

export const addressSaveSchema = shippingFormSchema.extend({
  /** Absent: a new address; else one of the caller's own. */
  id: z.coerce.number().int().positive().optional(),
  isDefault: z.boolean().optional(),
});
export type AddressSave = z.infer<typeof addressSaveSchema>;

export const addressSchema = z.object({
  id: z.number(),
  shippingType: z.number(),
  shippingReceiveName: z.string(),
  shippingReceiveMobile: z.string(),
  shippingProvinceName: z.string(),
  shippingCityName: z.string(),
  shippingDistrictName: z.string(),
  shippingAddress: z.string(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

export const addressIdSchema = z.object({ id: z.coerce.number().int().positive() });
