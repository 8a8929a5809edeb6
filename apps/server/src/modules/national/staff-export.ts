import { and, asc, eq, gt, gte, inArray, isNotNull, lte, ne } from 'drizzle-orm';
import sharp from 'sharp';
import type { AppContext } from '../../context.ts';
import { orderDetails, orders } from '../../db/schema.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import { branchScope } from '../orders/public.ts';
import { APPROVED_STATES } from '@portal/contract/order-states';
import { lineToOrder } from '../orders/public.ts';

const MIN_BYTES = 20 * 1024;
const MAX_BYTES = 40 * 1024;

/** The national platform's photo: 480 x 640 JPEG, 20-40 KB (highest quality that fits). */
export async function nationalJpeg(input: Buffer): Promise<Buffer> {
  const base = sharp(input).rotate().resize(480, 640, { fit: 'cover' }).flatten({ background: '#ffffff' });
  let last: Buffer | null = null;
  // Quality 60 and up as the national standard asks; lower only when a busy picture would not fit 40 KB otherwise.
  for (const quality of [95, 90, 85, 80, 75, 70, 65, 60, 50, 40, 30, 20]) {
    last = await base
      .clone()
      .jpeg({ quality, chromaSubsampling: quality >= 90 ? '4:4:4' : '4:2:0' })
      .toBuffer();
    if (last.length <= MAX_BYTES) break;
  }
  // A very plain picture compresses below the platform's lower bound: pad it with a JPEG comment.
  if (last!.length < MIN_BYTES)
    return Buffer.concat([
      last!.subarray(0, 2),
      commentSegment(Buffer.alloc(MIN_BYTES - last!.length + 8, 0x20)),
      last!.subarray(2),
    ]);
  return last!;
}

function commentSegment(text: Buffer): Buffer {
  const chunks: Buffer[] = [];
  for (let i = 0; i < text.length; i += 65000) {
    const part = text.subarray(i, i + 65000);
    const head = Buffer.from([0xff, 0xfe, ((part.length + 2) >> 8) & 0xff, (part.length + 2) & 0xff]);
    chunks.push(head, part);
  }
  return Buffer.concat(chunks);
}

export interface ExportScope {
  yxdm?: string;
  from?: string;
  to?: string;
}

const APPROVED_PAGE = 5000;

/**
 * Approved persons with a photo in a school or date range (a branch account: its own branch only),
 * every one of them. Reprints are left out: they print a photo the platform already has on file.
 */
export async function approvedPhotoRows(
  ctx: AppContext,
  staff: StaffContext,
  scope: ExportScope,
): Promise<{ id: number; photoId: number }[]> {
  // Every approved line of the scope, a page at a time: a university's whole cohort, never cut off.
  const all: { id: number; photoId: number }[] = [];
  for (let after = 0; ;) {
    const page = await ctx.db
      .select({ id: orderDetails.id, photoId: orderDetails.photoId })
      .from(orderDetails)
      .innerJoin(orders, lineToOrder)
      .where(
        and(
          gt(orderDetails.id, after),
          inArray(orders.state, [...APPROVED_STATES]),
          ne(orders.kind, 'reprint'),
          isNotNull(orderDetails.photoId),
          scope.yxdm ? eq(orderDetails.yxdm, scope.yxdm) : undefined,
          scope.from ? gte(orders.updatedAt, new Date(`${scope.from}T00:00:00+08:00`)) : undefined,
          scope.to ? lte(orders.updatedAt, new Date(`${scope.to}T23:59:59.999+08:00`)) : undefined,
          branchScope(staff),
        ),
      )
      .orderBy(asc(orderDetails.id))
      .limit(APPROVED_PAGE);
    for (const r of page) all.push({ id: r.id, photoId: r.photoId! });
    if (page.length < APPROVED_PAGE) return all;
    after = page[page.length - 1].id;
  }
}
