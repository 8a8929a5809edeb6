import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { individualTotalFen, reprintTotalFen } from '@portal/contract/prices';
import { withTx } from '../../db/tx.ts';
import type { AppContext } from '../../context.ts';
import { members, nationalStudents, orderDetails, schools, tasks } from '../../db/schema.ts';
import { envelope, ok } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';
import { createOrder } from '../orders/public.ts';
import { forceStateForDemo } from '../orders/public.ts';
import { storePhotoBytes } from '../photos/public.ts';

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
  /** Task orders: the first person is this student of the national list, in its school's open task, with a stored photo. */
  student: z.string().max(40).optional(),
  /** Every person with a stored photo, as a paid order's persons have in real life. */
  photos: z.boolean().optional(),
});
export type DevOrderInput = z.infer<typeof devOrderBody>;

/**
 * Demo and test shortcut: an unpaid order (state 110) for a member by mobile, with
 * persons and shipping, so journeys need not click through the order wizard.
 */
export async function createDevOrder(ctx: AppContext, input: DevOrderInput): Promise<{ id: number; orderNo: string }> {
  const student = input.student ? await nationalPerson(ctx, input.student) : null;
  const photoIds =
    input.photos && input.kind !== 'reprint'
      ? await Promise.all(Array.from({ length: input.persons ?? 1 }, () => demoPhoto(ctx)))
      : [];
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
        ...(student ? { taskId: student.taskId } : {}),
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
          ...(photoIds[i] ? { photoId: photoIds[i] } : {}),
          ...(i === 0 && student ? student.line : {}),
        });
      }
    }
    return { id: o.id, orderNo: o.orderNo };
  });
}

/** A national-list student as the first person of a task order: its school's newest active task and a stored photo. */
async function nationalPerson(ctx: AppContext, xh: string) {
  const [s] = await ctx.db
    .select({ xm: nationalStudents.xm, yxdm: nationalStudents.yxdm, schoolName: schools.name })
    .from(nationalStudents)
    .innerJoin(schools, eq(schools.yxdm, nationalStudents.yxdm))
    .where(eq(nationalStudents.xh, xh))
    .limit(1);
  if (!s) throw notFound();
  const [task] = await ctx.db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.yxdm, s.yxdm), eq(tasks.active, true)))
    .orderBy(desc(tasks.endTime))
    .limit(1);
  return {
    taskId: task?.id ?? null,
    line: {
      name: s.xm,
      studentId: xh,
      yxdm: s.yxdm,
      schoolName: s.schoolName,
      taskId: task?.id ?? null,
      photoId: await demoPhoto(ctx),
    },
  };
}

/** A stored plain photo (a blue 480 × 640 JPEG) for a demo order's person. */
async function demoPhoto(ctx: AppContext): Promise<number> {
  const jpeg = await sharp({ create: { width: 480, height: 640, channels: 3, background: { r: 67, g: 142, b: 219 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return (await storePhotoBytes(ctx, null, jpeg, 'seed')).id;
}

/** POST /api/dev/order (demo mode only, registered by the dev routes). */
export const devOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/dev/order',
    { schema: { body: devOrderBody, response: { 200: envelope(z.object({ id: z.number(), orderNo: z.string() })) } } },
    async (req) => ok(await createDevOrder(app.ctx, req.body)),
  );
};
