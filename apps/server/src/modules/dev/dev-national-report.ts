import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { maskIdNumber } from '@portal/contract/validation';
import { withTx } from '../../db/tx.ts';
import type { AppContext } from '../../context.ts';
import { members, nationalStudents, orderDetails } from '../../db/schema.ts';
import { envelope, ok } from '../../http/envelope.ts';
import { writeSetting } from '../system/public.ts';
import { createOrder } from '../orders/public.ts';
import { forceStateForDemo } from '../orders/public.ts';
import { ORDER_STATE } from '@portal/contract/order-states';
import { storePhotoBytes } from '../photos/public.ts';
import { makeIdNumber } from '../national/public.ts';
import { SANDBOX_SETTING } from '../../providers/national-sandbox-report.ts';

export const devApprovedBody = z.object({
  mobile: z.string().regex(/^1\d{10}$/),
  yxdm: z.string().regex(/^\d{5}$/),
  /** Persons who are the sandbox platform's students of that school (it accepts them). */
  known: z.number().int().min(0).max(5),
  /** Persons with ID numbers the platform does not know (it rejects them). */
  unknown: z.number().int().min(0).max(20),
});

/**
 * Demo and test shortcut: an approved order (state 120) whose persons have photos on file, some
 * of them students the sandbox platform knows, so report runs need not go through review. No branch
 * (fy) is set, so what branch accounts see elsewhere stays as it was.
 */
export async function createApprovedPhotos(
  ctx: AppContext,
  input: z.infer<typeof devApprovedBody>,
): Promise<{ id: number; orderNo: string }> {
  const students = await ctx.db
    .select()
    .from(nationalStudents)
    .where(eq(nationalStudents.yxdm, input.yxdm))
    .orderBy(nationalStudents.xh)
    .limit(input.known);
  const persons = [
    ...students.map((s) => ({
      name: s.xm,
      idNumber: s.zjhmEnc ? ctx.pii.decrypt(s.zjhmEnc) : null,
      studentId: s.xh,
      schoolName: s.schoolName,
    })),
    ...Array.from({ length: input.unknown }, (_, i) => ({
      name: `未登记学生${i + 1}`,
      idNumber: makeIdNumber('110101', '19990101', 900 + i * 2),
      studentId: null,
      schoolName: null,
    })),
  ];
  const photoIds: number[] = [];
  for (let i = 0; i < persons.length; i++) {
    const jpeg = await sharp({
      create: { width: 480, height: 640, channels: 3, background: { r: 100, g: 197, b: 255 - i } },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    photoIds.push((await storePhotoBytes(ctx, null, jpeg, 'seed')).id);
  }
  return withTx(ctx, async ({ db: tx }) => {
    let [m] = await tx.select().from(members).where(eq(members.mobile, input.mobile)).limit(1);
    if (!m)
      [m] = await tx.insert(members).values({ mobile: input.mobile, name: '测试学生', isFirst: false }).returning();
    const o = await createOrder(
      tx,
      'individual',
      { memberId: m.id, type: 1, unitPriceFen: 4500, totalFen: 4500 * persons.length },
      [],
    );
    // Approved photos skip payment and review: the demo hook's one write outside the rules.
    await forceStateForDemo(tx, o, ORDER_STATE.TO_BE_MADE, null, true);
    for (const [i, p] of persons.entries()) {
      await tx.insert(orderDetails).values({
        orderId: o.id,
        name: p.name,
        idNumEnc: p.idNumber ? ctx.pii.encrypt(p.idNumber) : null,
        idNumHash: p.idNumber ? ctx.pii.blindIndex(p.idNumber) : null,
        idNumMask: p.idNumber ? maskIdNumber(p.idNumber) : null,
        studentId: p.studentId,
        yxdm: input.yxdm,
        schoolName: p.schoolName ?? students[0]?.schoolName ?? null,
        education: 2,
        photoId: photoIds[i],
      });
    }
    return { id: o.id, orderNo: o.orderNo };
  });
}

/** POST /api/dev/approved-photos and POST /api/dev/national-sandbox {failCalls} (demo mode only). */
export const devNationalReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/dev/approved-photos',
    {
      schema: { body: devApprovedBody, response: { 200: envelope(z.object({ id: z.number(), orderNo: z.string() })) } },
    },
    async (req) => ok(await createApprovedPhotos(app.ctx, req.body)),
  );
  app.post(
    '/api/dev/national-sandbox',
    {
      schema: {
        body: z.object({ failCalls: z.number().int().min(0).max(100) }),
        response: { 200: envelope(z.null()) },
      },
    },
    async (req) => {
      await writeSetting(app.ctx, SANDBOX_SETTING, { failCalls: req.body.failCalls });
      return ok(null);
    },
  );
};
