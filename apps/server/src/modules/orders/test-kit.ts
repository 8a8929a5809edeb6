import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { carriers, schools } from '../../db/schema.ts';
import { photoUrl, storePhotoBytes } from '../photos/public.ts';
import { PHOTO_CONSENT_VERSION } from '@portal/contract/orders';
import { call, type Session } from '../../../test/helpers.ts';

/** Test data for order tests: a pilot school, a carrier, a member's passed photo and the consent. */
export async function orderFixtures(app: FastifyInstance) {
  const { db } = app.ctx;
  await db
    .insert(schools)
    .values([
      { yxdm: '10001', name: '北京大学', searchName: '北京大学', testPoint: 1, educations: '1,2,3' },
      { yxdm: '10005', name: '中国农业大学', searchName: '中国农业大学', testPoint: 0, educations: '1,2' },
    ])
    .onConflictDoNothing();
  const [c] = await db.insert(carriers).values({ nameZh: 'EMS', nameEn: 'EMS' }).returning();
  return { carrierId: c.id };
}

/** A passed photo of the member; returns the URL the upload call would have answered. */
export async function memberPhoto(app: FastifyInstance, memberId: number): Promise<string> {
  const bytes = await readFile(new URL('../../../test/fixtures/photos/compliant-1.jpg', import.meta.url));
  const p = await storePhotoBytes(app.ctx, memberId, bytes, 'upload');
  return photoUrl(app.ctx, p);
}

export async function consent(app: FastifyInstance, session: Session) {
  await call(app, {
    method: 'POST',
    url: '/api/order/photoConsent',
    payload: { version: PHOTO_CONSENT_VERSION },
    session,
  });
}

let seq = 0;
/** A valid ID number with a fresh sequence. */
export function idNumber(n = ++seq): string {
  const body = `11010820000101${String(n % 1000).padStart(3, '0')}`;
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let s = 0;
  for (let i = 0; i < 17; i++) s += Number(body[i]) * w[i];
  return body + '10X98765432'[s % 11];
}

export function person(imageUrl: string, over: Record<string, unknown> = {}) {
  return {
    name: '张三',
    mobile: '13800138000',
    mail: 'zs@example.com',
    imageUrl,
    id_type: 1,
    id_num: idNumber(),
    sex: 0,
    school_type: 1,
    school_name: '北京大学',
    daima: '10001',
    education: 2,
    student_id: '2021001',
    major: '计算机科学与技术',
    ...over,
  };
}

export const shipping = (carrierId: number, over: Record<string, unknown> = {}) => ({
  shippingType: carrierId,
  shippingReceiveName: '李四',
  shippingReceiveMobile: '13900139000',
  shippingProvinceName: '北京市',
  shippingCityName: '北京市',
  shippingDistrictName: '海淀区',
  shippingAddress: '颐和园路5号',
  ...over,
});
