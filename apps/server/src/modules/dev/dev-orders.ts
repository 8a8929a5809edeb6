import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { individualTotalFen, reprintTotalFen } from '@portal/contract/prices';
import { withTx } from '../../db/tx.ts';
import type { AppContext } from '../../context.ts';
import { members, orderDetails } from '../../db/schema.ts';
import { envelope, ok } from '../../http/envelope.ts';
import { createOrder } from '../orders/public.ts';
import { forceStateForDemo } from '../orders/public.ts';

export const devOrderBody = z.object({
  mobile: z.string().regex(/^1\d{10}$/),
  kind: z.enum(['individual', 'reprint', 'task']),
  persons: z.number().int().min(1).max(30).optional(),
  withShipping: z.boolean().optional(),
  amountFen: z.number().int().min(0).optional(),
  /** Another state than unpaid 110, e.g. 115 (paid, not shipped) for the deactivation journey. */
  state: z.number().int().min(100).max(199).optional(),
  /** Task orders: the refund-allowed and file flags the centralised refund rule reads. */
  isFile: z.number().int().min(0).max(1).optional(),
});
export type DevOrderInput = z.infer<typeof devOrderBody>;

/**
 * Demo and test shortcut: an unpaid order (state 110) for a member by mobile, with
 * persons and shipping, so journeys need not click through the order wizard.
 */
export async function createDevOrder(ctx: AppContext, input: DevOrderInput): Promise<{ id: number; orderNo: string }> {
  return withTx(ctx, async ({ db: tx }) => {
    let [m] = await tx.select().from(members).where(eq(members.mobile, input.mobile)).limit(1);
    if (!m)
      [m] = await tx
        .insert(members)
        .values({ mobile: input.mobile, name: '测试学生', mail: `${input.mobile}@example.com`, isFirst: false })
        .returning();
    const persons = input.persons ?? 1;
    const total =
      input.amountFen ?? (input.kind === 'reprint' ? reprintTotalFen(persons, false) : individualTotalFen(persons));
    const shipping =
      input.withShipping === false
        ? {}
        : {
            shippingType: 1,
            shippingTypeName: 'EMS',
            shippingReceiveName: '张三',
            shippingReceiveMobile: input.mobile,
            shippingProvinceName: '北京市',
            shippingCityName: '北京市',
            shippingDistrictName: '海淀区',
            shippingAddress: '学院路 37 号',
          };
    const o = await createOrder(
      tx,
      input.kind,
      {
        memberId: m.id,
        type: input.kind === 'reprint' ? 2 : 1,
        unitPriceFen: input.kind === 'reprint' ? 1000 : 4500,
        totalFen: total,
        num: input.kind === 'reprint' ? persons : null,
        dist: input.kind === 'reprint' ? 0 : null,
        isFile: input.isFile ?? (input.kind === 'task' ? 1 : 0),
        isRefund: 1,
        ...shipping,
      },
      [],
    );
    // Another state than unpaid: the demo hook's one write outside the rules (orders/transition.ts).
    if (input.state !== undefined && input.state !== o.state) await forceStateForDemo(tx, o, input.state, null, false);
    if (input.kind !== 'reprint') {
      for (let i = 0; i < persons; i++) {
        await tx.insert(orderDetails).values({
          orderId: o.id,
          name: `测试学生${i + 1}`,
          mobile: input.mobile,
          schoolName: '北京大学',
          yxdm: '10001',
          education: 2,
        });
      }
    }
    return { id: o.id, orderNo: o.orderNo };
  });
}

/** POST /api/dev/order (demo mode only, registered by the dev routes). */
export const devOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/dev/order',
    { schema: { body: devOrderBody, response: { 200: envelope(z.object({ id: z.number(), orderNo: z.string() })) } } },
    async (req) => ok(await createDevOrder(app.ctx, req.body)),
  );
};
