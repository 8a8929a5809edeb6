import crypto from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { formSaveFields, type ConsoleForm } from '@portal/contract/console';
import { isMessageKey } from '@portal/contract/messages';
import { withTx } from '../../db/tx.ts';
import type { AppContext } from '../../context.ts';
import { forms } from '../../db/schema.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { StaffContext } from '../../http/staff-auth.ts';
import { invalidateContentCache } from './content-cache.ts';
import { checkFormFile } from './form-file.ts';
import { sanitizePlain } from './sanitize.ts';
import { writeAudit } from '../staff/public.ts';

type FormRow = typeof forms.$inferSelect;

export interface UploadedFile {
  name: string;
  bytes: Buffer;
}

const stored = (key: string | null) => !!key && !key.startsWith('seed/');

function toConsoleForm(f: FormRow): ConsoleForm {
  return {
    id: f.id,
    fileNameZh: f.fileNameZh,
    fileNameEn: f.fileNameEn,
    sort: f.sort,
    url: f.url,
    hasFile: !!f.storageKey,
    originalName: f.originalName,
    size: f.size,
    contentType: f.contentType,
    downloadUrl: f.storageKey ? `/api/baseInfo/downloadForm/${f.id}` : (f.url ?? ''),
    updatedAt: f.updatedAt.toISOString(),
  };
}

/** What the audit log keeps of a form: no bytes, nothing personal. */
const auditView = (f: FormRow) => ({
  fileNameZh: f.fileNameZh,
  fileNameEn: f.fileNameEn,
  sort: f.sort,
  url: f.url,
  storageKey: f.storageKey,
  originalName: f.originalName,
  size: f.size,
  contentType: f.contentType,
});

export async function listForms(ctx: AppContext): Promise<ConsoleForm[]> {
  const rows = await ctx.db.select().from(forms).orderBy(asc(forms.sort), asc(forms.id));
  return rows.map(toConsoleForm);
}

function parseFields(fields: Record<string, string>) {
  const r = formSaveFields.safeParse(fields);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  if (isMessageKey(issue.message)) throw badRequest(issue.message);
  throw badRequest('http.badRequest', { field: String(issue.path[0] ?? ''), rule: issue.code });
}

/**
 * Creates or updates a form: an uploaded file (checked by its first bytes, stored through the
 * storage provider) or an external link. A replaced or dropped file's object is deleted once the
 * row is saved; a failed save deletes the new object instead.
 */
export async function saveForm(
  ctx: AppContext,
  staff: StaffContext,
  fields: Record<string, string>,
  file: UploadedFile | null,
): Promise<ConsoleForm> {
  const v = parseFields(fields);
  const upload = file
    ? {
        ...checkFormFile(file.name, file.bytes),
        bytes: file.bytes,
        name: sanitizePlain(file.name).slice(0, 200) || 'file',
      }
    : null;
  const url = v.url || null;
  const key = upload ? `form-${crypto.randomBytes(12).toString('hex')}.${upload.ext}` : null;
  if (upload && key) await ctx.storage.put(key, upload.bytes, upload.contentType);
  let before: FormRow | undefined;
  let after: FormRow;
  try {
    ({ before, after } = await withTx(ctx, async ({ db: tx }) => {
      const [prev] = v.id ? await tx.select().from(forms).where(eq(forms.id, v.id)) : [];
      if (v.id && !prev) throw notFound('content.formNotFound');
      if (!upload && !url && !prev?.storageKey) throw badRequest('content.formFileOrUrl');
      const source = upload
        ? {
            storageKey: key,
            originalName: upload.name,
            size: upload.bytes.length,
            contentType: upload.contentType,
            url: null,
          }
        : url
          ? { storageKey: null, originalName: null, size: null, contentType: 'application/octet-stream', url }
          : {};
      const row = {
        fileNameZh: sanitizePlain(v.fileNameZh),
        fileNameEn: sanitizePlain(v.fileNameEn),
        sort: v.sort,
        ...source,
      };
      const [saved] = prev
        ? await tx
            .update(forms)
            .set({ ...row, updatedAt: new Date() })
            .where(eq(forms.id, prev.id))
            .returning()
        : await tx.insert(forms).values(row).returning();
      await writeAudit(tx, staff, {
        action: `content.forms.${prev ? 'update' : 'create'}`,
        targetKind: 'forms',
        targetId: saved.id,
        before: prev ? auditView(prev) : null,
        after: auditView(saved),
      });
      return { before: prev, after: saved };
    }));
  } catch (e) {
    if (key) await ctx.storage.delete(key);
    throw e;
  }
  if (before && stored(before.storageKey) && before.storageKey !== after.storageKey)
    await ctx.storage.delete(before.storageKey!);
  invalidateContentCache();
  return toConsoleForm(after);
}

/** Deletes a form and its stored file. */
export async function deleteForm(ctx: AppContext, staff: StaffContext, id: number): Promise<void> {
  const before = await withTx(ctx, async ({ db: tx }) => {
    const [prev] = await tx.select().from(forms).where(eq(forms.id, id));
    if (!prev) throw notFound('content.formNotFound');
    await tx.delete(forms).where(eq(forms.id, id));
    await writeAudit(tx, staff, {
      action: 'content.forms.delete',
      targetKind: 'forms',
      targetId: id,
      before: auditView(prev),
    });
    return prev;
  });
  if (stored(before.storageKey)) await ctx.storage.delete(before.storageKey!);
  invalidateContentCache();
}
