import { and, asc, eq, inArray, lt, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';
import { nationalStudents, orderDetails, orders, photos } from '../../db/schema.ts';
import type { Person } from '@portal/contract/console';
import { staffMay } from '@portal/contract/staff-access';
import type { StaffContext } from '../../http/staff-auth.ts';
import { FACE_MISMATCH_THRESHOLD, faceDistance } from '../photos/public.ts';
import { staffLinePhotoUrl } from './photo-link.ts';
import { reprintPhotoRefusal } from '../reprint/public.ts';
import { sameFaceMatches } from './photo-issues.ts';

type PhotoRow = typeof photos.$inferSelect;
type DetailRow = typeof orderDetails.$inferSelect;
type Viewer = Pick<StaffContext, 'role'>;

/** Where the console shows a photo: the photo service's signed, expiring URL; none for a role that may not see faces. */
function staffPhotoUrl(ctx: AppContext, viewer: Viewer, photo: Pick<PhotoRow, 'storageKey'>): string | null {
  return staffMay(viewer.role, 'photos.view') ? staffLinePhotoUrl(ctx, photo.storageKey) : null;
}

/**
 * The reprint orders among these whose member's binding may not see the photo on file now
 * (suspended by a dispute, or lost): the console, the print list included, shows no photo of them.
 */
async function reprintsWithoutPhoto(db: DbOrTx, orderIds: number[]): Promise<Set<number>> {
  const rows = await db
    .select({ id: orders.id, kind: orders.kind, memberId: orders.memberId, thirdStudentId: orders.thirdStudentId })
    .from(orders)
    .where(and(inArray(orders.id, orderIds), eq(orders.kind, 'reprint')));
  const out = new Set<number>();
  for (const o of rows) if (await reprintPhotoRefusal(db, o)) out.add(o.id);
  return out;
}

/** Face distance of two descriptors (the photo service's), null when either is missing. */
export function descriptorDistance(a: number[] | null, b: number[] | null): number | null {
  if (!a || !b) return null;
  const d = faceDistance(a, b);
  return Number.isFinite(d) ? Math.round(d * 1000) / 1000 : null;
}

/**
 * Each person with the photo, its check result and the earlier or national photo to compare with;
 * photo URLs only for a viewer whose role may see faces (finance reads orders, not photos).
 */
export async function personsOf(
  ctx: AppContext,
  db: DbOrTx,
  orderIds: number[],
  viewer: Viewer,
): Promise<Map<number, Person[]>> {
  const out = new Map<number, Person[]>();
  if (!orderIds.length) return out;
  const details = await db
    .select()
    .from(orderDetails)
    .where(inArray(orderDetails.orderId, orderIds))
    .orderBy(asc(orderDetails.id));
  const photoIds = details.map((d) => d.photoId).filter((x): x is number => !!x);
  const photoRows = photoIds.length ? await db.select().from(photos).where(inArray(photos.id, photoIds)) : [];
  const byId = new Map(photoRows.map((p) => [p.id, p]));
  const sameFace = await sameFaceOf(db, orderIds);
  const withoutPhoto = await reprintsWithoutPhoto(db, orderIds);
  for (const d of details) {
    const hidden = withoutPhoto.has(d.orderId);
    const photo = d.photoId ? (byId.get(d.photoId) ?? null) : null;
    const compare = hidden ? null : await compareFor(ctx, db, d, photo, viewer);
    const person: Person = {
      id: d.id,
      name: d.name,
      idNumMask: d.idNumMask,
      mobile: d.mobile,
      mail: d.mail,
      schoolName: d.schoolName,
      yxdm: d.yxdm,
      studentId: d.studentId,
      education: d.education,
      major: d.major,
      fy: d.fy,
      photo: photo
        ? {
            id: photo.id,
            url: hidden ? null : staffPhotoUrl(ctx, viewer, photo),
            passed: photo.passed,
            checkResult: photo.checkResult,
            autoCorrected: photo.autoCorrected,
          }
        : null,
      compare,
      sameFace: sameFace.get(d.id) ?? [],
    };
    const list = out.get(d.orderId) ?? [];
    list.push(person);
    out.set(d.orderId, list);
  }
  return out;
}

/** The orders' same-face matches by line (the rule the pay step enforces), for the reviewer in words. */
async function sameFaceOf(db: DbOrTx, orderIds: number[]): Promise<Map<number, Person['sameFace']>> {
  const out = new Map<number, Person['sameFace']>();
  const owners = await db
    .select({ id: orders.id, memberId: orders.memberId, kind: orders.kind })
    .from(orders)
    .where(inArray(orders.id, orderIds));
  for (const o of owners) {
    if (o.kind === 'reprint') continue;
    for (const m of await sameFaceMatches(db, o)) out.set(m.detailId, [{ name: m.otherName, orderNo: m.otherOrderNo }]);
  }
  return out;
}

async function compareFor(
  ctx: AppContext,
  db: DbOrTx,
  d: DetailRow,
  photo: PhotoRow | null,
  viewer: Viewer,
): Promise<Person['compare']> {
  let other: PhotoRow | null = null;
  let source: 'earlier' | 'national' = 'earlier';
  if (d.idNumHash) {
    const [earlier] = await db
      .select({ p: photos })
      .from(orderDetails)
      .innerJoin(photos, eq(photos.id, orderDetails.photoId))
      .where(
        and(
          eq(orderDetails.idNumHash, d.idNumHash),
          lt(orderDetails.id, d.id),
          photo ? ne(photos.id, photo.id) : undefined,
        ),
      )
      .orderBy(asc(orderDetails.id))
      .limit(1);
    other = earlier?.p ?? null;
  }
  if (!other && d.yxdm && d.studentId) {
    const [nat] = await db
      .select({ p: photos })
      .from(nationalStudents)
      .innerJoin(photos, eq(photos.id, nationalStudents.photoId))
      .where(and(eq(nationalStudents.yxdm, d.yxdm), eq(nationalStudents.xh, d.studentId)))
      .limit(1);
    if (nat) {
      other = nat.p;
      source = 'national';
    }
  }
  if (!other) return null;
  const distance = descriptorDistance(photo?.descriptor ?? null, other.descriptor ?? null);
  return {
    source,
    url: staffPhotoUrl(ctx, viewer, other),
    distance,
    same: distance === null ? null : distance < FACE_MISMATCH_THRESHOLD,
  };
}
