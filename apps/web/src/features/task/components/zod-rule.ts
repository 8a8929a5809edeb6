import type { z } from 'zod';
import type { TFunction } from 'i18next';

/** An antd form rule from a contract zod field: the contract's message key, translated. */
export function zodRule(schema: z.ZodType, t: TFunction) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const r = schema.safeParse(value ?? '');
      if (!r.success) throw new Error(t(`msg.${r.error.issues[0].message}`));
    },
  };
}
