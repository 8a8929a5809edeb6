import { z } from 'zod';

/** One measured distance of the check: value against the standard's range. */
export const sideItemSchema = z.object({ value: z.number(), min: z.number(), max: z.number(), result: z.boolean() });
export type SideItem = z.infer<typeof sideItemSchema>;

/**
 * The check object a rejected upload answers with (document 2, section 3; code -1
 * carries it): the same shape for the server that builds it and the page that shows it.
 */
export const photoCheckSchema = z.object({
  topSide: sideItemSchema,
  eyeSide: sideItemSchema,
  leftSide: sideItemSchema,
  rightSide: sideItemSchema,
  chinSide: sideItemSchema,
  eyeAngle: z.object({ angle: z.number(), config_angle: z.number() }),
  definition: z.boolean(),
  blackSide: z.boolean(),
  background: z.boolean(),
  backgroundout: z.boolean(),
  topComplete: z.boolean(),
  picPath: z.string(),
});
export type PhotoCheck = z.infer<typeof photoCheckSchema>;
