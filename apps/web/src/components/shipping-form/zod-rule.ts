import type { z } from 'zod';
import type { Rule } from 'antd/es/form';
import { i18n } from '../../lib/i18n.ts';

/** An antd form rule from a contract zod schema: the message key of its first issue, translated. */
export function zodRule(schema: z.ZodType): Rule {
  return {
    validator: async (_rule, value) => {
      const r = schema.safeParse(value ?? undefined);
      if (r.success) return;
      const key = r.error.issues[0]?.message ?? '';
      throw new Error(i18n.exists(`msg.${key}`) ? i18n.t(`msg.${key}`) : key);
    },
  };
}
