import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { PHOTO_CONSENT_KIND, PHOTO_CONSENT_VERSION } from '@portal/contract/orders';
import { consents, nationalStudents, photos, schools, tasks } from '../../db/schema.ts';
import { DEMO_CODES, seedTasks } from './seed.ts';
import { photoUrl } from '../photos/public.ts';

/** Test data of the task module: pilot schools, the demo tasks, platform students, photos. */
export async function seedTaskFixtures(app: FastifyInstance) {
  const { db, pii } = app.ctx;
  for (const s of [
    { yxdm: '10001', name: '北京大学' },
    { yxdm: '10003', name: '清华大学' },
  ]) {
    await db
      .insert(schools)
      .values({ ...s, searchName: s.name, testPoint: 1 })
      .onConflictDoNothing();
  }
  await seedTasks(app.ctx);
  const zjhm = '110101200001011232';
  await db
    .insert(nationalStudents)
    .values({
      xh: '100012025000000001',
      xm: '李明',
      zjhmEnc: pii.encrypt(zjhm),
      zjhmHash: pii.blindIndex(zjhm),
      yxdm: '10001',
      schoolName: '北京大学',
      xllb: 1,
      education: 2,
      major: '物理学',
      sex: 0,
      cjm: 'CJM0001',
      bh: 'BH0001',
    })
    .onConflictDoNothing();
  const all = await db.select().from(tasks);
  const byCode = (c: string) => all.find((t) => t.featureCode === c)!;
  return { pku: byCode(DEMO_CODES.pku), thu: byCode(DEMO_CODES.thu), pkuOld: byCode(DEMO_CODES.pkuOld), zjhm };
}

/**
 * A checked, passed photo of a member, as the upload would leave it; answers its URL. The page asks
 * the separate consent before the photo, so the member has given it (current version).
 */
export async function photoOf(app: FastifyInstance, memberId: number): Promise<string> {
  await app.ctx.db.insert(consents).values({ memberId, kind: PHOTO_CONSENT_KIND, version: PHOTO_CONSENT_VERSION });
  const key = crypto.randomBytes(12).toString('hex');
  await app.ctx.db.insert(photos).values({
    memberId,
    storageKey: key,
    sha256: key,
    bytes: 30000,
    width: 480,
    height: 640,
    passed: true,
    checkResult: {},
  });
  return photoUrl(app.ctx, { storageKey: key });
}

export async function taskEnd(app: FastifyInstance, taskId: number, endTime: Date) {
  await app.ctx.db.update(tasks).set({ endTime }).where(eq(tasks.id, taskId));
}
