import { eq } from 'drizzle-orm';
import { orderPicAllowState } from '@portal/contract/order-rules';
import {
  canAddPerson,
  canDelete,
  canDownloadPhoto,
  canEditPhoto,
  canEditShipping,
} from '@portal/contract/order-states';
import { MAX_PERSONS_PER_ORDER, PRICE_TYPE, individualTotalFen } from '@portal/contract/prices';
import { maskIdNumber } from '@portal/contract/validation';
import {
  PHOTO_CONSENT_KIND,
  PHOTO_CONSENT_VERSION,
  type OrderWithDetails,
  type PersonForm,
  type PersonUpdate,
  type ShippingForm,
} from '@portal/contract/orders';
import type { Lang } from '@portal/contract/i18n';
import { withTx } from '../../db/tx.ts';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { orderDetails } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import * as repo from './repo.ts';
import * as reads from './reads.ts';
import { detailAnswer, factsOf, orderAnswer, shippingInfo } from './present.ts';
import { linePhotoId, linePhotoUrl, linePhotoUrls } from './photo-link.ts';
import { nationalRejections, photoIssues } from './photo-issues.ts';
import { orderTimeline } from './timeline.ts';
import { ANY_KIND, ownOrder, ownedOrder } from './ownership.ts';
import { mayTransition, transition } from './transition.ts';
import { assertReprintPhotoLive, reprintPhotoLinks } from '../reprint/public.ts';

async function ownedDetail(db: DbOrTx, memberId: number, detailId: number, forUpdate = false) {
  const d = await repo.detailById(db, detailId);
  if (!d) throw notFound('order.personNotFound');
  const o = await ownedOrder(db, memberId, d.orderId, ['individual'], { forUpdate });
  return { d, o };
}

/** Separate consent to processing the face photo and ID number, with its wording version. */
export async function photoConsent(ctx: AppContext, memberId: number) {
  const c = await repo.latestConsent(ctx.db, memberId, PHOTO_CONSENT_KIND);
  const given = !!c && c.version === PHOTO_CONSENT_VERSION;
  return { given, version: PHOTO_CONSENT_VERSION, acceptedAt: given ? c.createdAt.toISOString() : null };
}

export async function givePhotoConsent(ctx: AppContext, memberId: number, version: string) {
  if (version !== PHOTO_CONSENT_VERSION) throw badRequest('order.consentRequired');
  await repo.addConsent(ctx.db, memberId, PHOTO_CONSENT_KIND, version);
  return photoConsent(ctx, memberId);
}

/** Checks of a new line outside the transaction: consent, school from the list, the member's passed photo. */
async function lineValues(ctx: AppContext, memberId: number, f: PersonForm) {
  if (!(await photoConsent(ctx, memberId)).given) throw badRequest('order.consentRequired');
  const school = await repo.schoolByCode(ctx.db, f.daima);
  if (!school) throw badRequest('school.chooseFromList');
  const photoId = await linePhotoId(ctx, memberId, f.imageUrl);
  const idNum = (f.id_num ?? '').trim().toUpperCase();
  return {
    name: f.name,
    mobile: f.mobile,
    mail: f.mail,
    idType: f.id_type,
    idNumEnc: ctx.pii.encrypt(idNum),
    idNumHash: ctx.pii.blindIndex(idNum),
    idNumMask: maskIdNumber(idNum),
    sex: f.sex,
    schoolName: school.name,
    yxdm: school.yxdm,
    education: f.education,
    major: f.major,
    studentId: f.student_id,
    xllb: f.xllb ?? (f.education === 1 ? 2 : 1),
    schoolType: f.school_type,
    photoId,
    picAllowState: 1,
    bizSerialNum: f.bizSerialNum ?? null,
    fileTime: new Date(),
  };
}

/** createCollectionOrder: the first person creates the order (price type 3, 45 yuan). */
export async function createOrder(ctx: AppContext, memberId: number, f: PersonForm): Promise<number> {
  const line = await lineValues(ctx, memberId, f);
  const unit = individualTotalFen(1, PRICE_TYPE);
  return withTx(ctx, async ({ db: tx }) => {
    const o = await repo.createOrder(
      tx,
      'individual',
      {
        memberId,
        type: 1,
        priceType: PRICE_TYPE,
        unitPriceFen: unit,
        totalFen: unit,
      },
      [line],
    );
    return o.id;
  });
}

/** addPerson2Order: the order row is locked, so two tabs cannot pass 30 together. */
export async function addPerson(ctx: AppContext, memberId: number, orderId: number, f: PersonForm): Promise<number> {
  const line = await lineValues(ctx, memberId, f);
  return withTx(ctx, async ({ db: tx }) => {
    const o = await ownedOrder(tx, memberId, orderId, ['individual'], { forUpdate: true });
    if (!canAddPerson(factsOf(o))) throw conflict('order.stateNoAdd');
    const existing = await repo.detailsOf(tx, [o.id]);
    if (existing.length >= MAX_PERSONS_PER_ORDER) throw conflict('order.max30');
    if (existing.some((d) => d.idNumHash === line.idNumHash)) throw conflict('order.duplicatePerson');
    const [d] = await tx
      .insert(orderDetails)
      .values({ ...line, orderId: o.id })
      .returning({ id: orderDetails.id });
    await repo.recomputeTotal(tx, o);
    return d.id;
  });
}

/** Modify a person: mobile, mail and photo only; the rest stays locked. */
export async function updatePerson(ctx: AppContext, memberId: number, u: PersonUpdate): Promise<void> {
  const photoId = await linePhotoId(ctx, memberId, u.picUrl);
  await withTx(ctx, async ({ db: tx }) => {
    const { d, o } = await ownedDetail(tx, memberId, u.id, true);
    // A photo the national platform refused may be replaced whatever the order's state: it is reported again.
    const refused = async () => (await nationalRejections(tx, memberId, o.id)).some((r) => r.detailId === d.id);
    if (!canEditPhoto(factsOf(o)) && !(await refused())) throw conflict('order.stateNoPhoto');
    await tx
      .update(orderDetails)
      .set({
        mobile: u.mobile,
        mail: u.mail,
        ...(photoId && photoId !== d.photoId ? { photoId, fileTime: new Date() } : {}),
      })
      .where(eq(orderDetails.id, d.id));
    // A rejected order goes back to review with its fixed photo.
    if (mayTransition(o, 'resubmit')) await transition(tx, o, 'resubmit', { kind: 'member', memberId });
  });
}

/** Delete a line: only while the order waits for payment. */
export async function deletePerson(
  ctx: AppContext,
  memberId: number,
  detailId: number,
  orderId?: number,
): Promise<void> {
  await withTx(ctx, async ({ db: tx }) => {
    const { d, o } = await ownedDetail(tx, memberId, detailId, true);
    if (orderId !== undefined && d.orderId !== orderId) throw notFound('order.personNotFound');
    if (!canAddPerson(factsOf(o))) throw conflict('order.stateNoAdd');
    await tx.delete(orderDetails).where(eq(orderDetails.id, d.id));
    await repo.recomputeTotal(tx, o);
  });
}

/** Delete an order (only at 110). One that already started a payment is closed instead, for accounting. */
export async function deleteOrder(ctx: AppContext, memberId: number, id: number): Promise<void> {
  await withTx(ctx, async ({ db: tx }) => {
    const o = await ownedOrder(tx, memberId, id, ['individual'], { forUpdate: true });
    if (!canDelete(factsOf(o))) throw conflict('order.stateNoDelete');
    await repo.removeUnpaidOrder(tx, o, { kind: 'member', memberId });
  });
}

/** updateShipping for individual and reprint orders, where canEditShipping allows it. */
export async function updateShipping(ctx: AppContext, memberId: number, id: number, s: ShippingForm): Promise<void> {
  const carrier = await repo.carrierById(ctx.db, s.shippingType);
  if (!carrier) throw badRequest('shipping.carrierRequired');
  await withTx(ctx, async ({ db: tx }) => {
    const o = await ownedOrder(tx, memberId, id, ['individual', 'reprint'], { forUpdate: true });
    if (!canEditShipping(factsOf(o))) throw conflict('order.stateNoShipping');
    await repo.updateOrderFields(tx, o.id, { ...s, shippingTypeName: carrier.nameZh });
  });
}

/** findOrderAndOrderDetails: any of the caller's individual or reprint orders. */
export async function orderWithDetails(
  ctx: AppContext,
  memberId: number,
  id: number,
  lang: Lang,
): Promise<OrderWithDetails> {
  // One statement (reads.ts); nothing is answered before the order is known to be the caller's.
  const { order: row, lines } = await reads.orderWithLines(ctx.memberReads, id);
  const { refundStatus, ...o } = ownOrder(row, memberId, ['individual', 'reprint']);
  // A reprint's photo is on file: linked through the member's binding, checked again at each fetch.
  const onFile = o.kind === 'reprint' ? await reprintPhotoLinks(ctx, o) : null;
  return {
    order: orderAnswer(o, lang, { refundStatus, personCount: lines.length }),
    orderDetails: lines.map(({ storageKey, ...d }) =>
      detailAnswer(d, onFile ? onFile(d.photoId) : storageKey ? linePhotoUrl(ctx, storageKey) : null),
    ),
    shippingInfo: shippingInfo(o),
  };
}

export async function findDetail(ctx: AppContext, memberId: number, detailId: number) {
  const { d } = await ownedDetail(ctx.db, memberId, detailId);
  const urls = d.photoId ? await linePhotoUrls(ctx, [d.photoId]) : new Map<number, string>();
  return detailAnswer(d, d.photoId ? (urls.get(d.photoId) ?? null) : null);
}

/** The photo of a line for download: owner only, in the states canDownloadPhoto allows. */
export async function photoForDownload(
  ctx: AppContext,
  memberId: number,
  q: { id: number; yxdm?: string; studentId?: string; detailId?: number },
) {
  const { lines } = await downloadableLines(ctx, memberId, q.id);
  // One person by their line (two of one school without student numbers differ only there), else by school and number.
  const line = lines.find((d) =>
    q.detailId !== undefined
      ? d.id === q.detailId
      : (!q.yxdm || d.yxdm === q.yxdm) && (!q.studentId || d.studentId === q.studentId),
  );
  if (!line || !line.photoId) throw notFound('order.personNotFound');
  return { photoId: line.photoId, name: line.name };
}

/** Every person's photo of one of the caller's orders, for the ZIP of all (each named after its person). */
export async function photosForDownload(ctx: AppContext, memberId: number, id: number) {
  const { o, lines } = await downloadableLines(ctx, memberId, id);
  const withPhoto = lines.filter((d): d is typeof d & { photoId: number } => !!d.photoId);
  if (!withPhoto.length) throw notFound('order.personNotFound');
  return { orderNo: o.orderNo, photos: withPhoto.map((d) => ({ photoId: d.photoId, name: d.name })) };
}

/** The order's lines when its photos may be downloaded now (state and photo flag, a reprint's live binding). */
async function downloadableLines(ctx: AppContext, memberId: number, id: number) {
  const o = await ownedOrder(ctx.db, memberId, id, ANY_KIND);
  const lines = await repo.detailsOf(ctx.db, [o.id]);
  const facts = { ...factsOf(o), picAllowState: orderPicAllowState(o.picAllowState, lines[0]?.picAllowState) };
  if (!canDownloadPhoto(facts)) throw conflict('order.stateNoDownload');
  // A reprint's photo is on file: only while the member's binding to the record may see it.
  await assertReprintPhotoLive(ctx.db, o);
  return { o, lines };
}

/** The history of any of the caller's orders (individual, reprint, centralised). */
export async function timelineOf(ctx: AppContext, memberId: number, id: number) {
  return orderTimeline(ctx.db, await ownedOrder(ctx.db, memberId, id, ANY_KIND));
}

/** Same faces and national refusals of one of the caller's orders. */
export async function photoIssuesOf(ctx: AppContext, memberId: number, id: number) {
  return photoIssues(ctx.db, await ownedOrder(ctx.db, memberId, id, ANY_KIND));
}
