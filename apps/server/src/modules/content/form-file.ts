import { FORM_FILE_EXTENSIONS, FORM_FILE_MAX_BYTES, FORM_FILE_MAX_MB } from '@portal/contract/console';
import { AppError, badRequest } from '../../http/errors.ts';

type Ext = (typeof FORM_FILE_EXTENSIONS)[number];
type Kind = 'pdf' | 'ole' | 'zip' | 'png' | 'jpeg' | 'gif' | 'webp';

/** Which first bytes each extension must carry, and the content type we serve it with. */
const TYPES: Record<Ext, { kind: Kind; type: string; inside?: string }> = {
  pdf: { kind: 'pdf', type: 'application/pdf' },
  doc: { kind: 'ole', type: 'application/msword' },
  xls: { kind: 'ole', type: 'application/vnd.ms-excel' },
  docx: {
    kind: 'zip',
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    inside: 'word/',
  },
  xlsx: { kind: 'zip', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', inside: 'xl/' },
  zip: { kind: 'zip', type: 'application/zip' },
  png: { kind: 'png', type: 'image/png' },
  jpg: { kind: 'jpeg', type: 'image/jpeg' },
  jpeg: { kind: 'jpeg', type: 'image/jpeg' },
  gif: { kind: 'gif', type: 'image/gif' },
  webp: { kind: 'webp', type: 'image/webp' },
};

const starts = (b: Buffer, sig: number[], at = 0) =>
  b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The file family its first bytes show, or null. */
export function sniff(b: Buffer): Kind | null {
  if (starts(b, ascii('%PDF-'))) return 'pdf';
  if (starts(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (starts(b, [0x50, 0x4b, 0x03, 0x04]) || starts(b, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts(b, ascii('GIF87a')) || starts(b, ascii('GIF89a'))) return 'gif';
  if (starts(b, ascii('RIFF')) && starts(b, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/**
 * Checks an uploaded form file: an accepted extension, first bytes of that family (a renamed
 * executable is refused), at most the size cap. Answers the content type we serve it with.
 */
export function checkFormFile(name: string, bytes: Buffer): { contentType: string; ext: Ext } {
  if (bytes.length > FORM_FILE_MAX_BYTES) throw formFileTooLarge();
  const ext = /\.([A-Za-z0-9]{1,5})$/.exec(name)?.[1]?.toLowerCase() as Ext | undefined;
  const t = ext && (FORM_FILE_EXTENSIONS as readonly string[]).includes(ext) ? TYPES[ext] : null;
  if (!ext || !t) throw badRequest('content.formFileType');
  if (!bytes.length) throw badRequest('content.formFileEmpty');
  if (sniff(bytes) !== t.kind || (t.inside && !bytes.includes(t.inside, 0, 'latin1')))
    throw badRequest('content.formFileMismatch', { ext: `.${ext}` });
  return { contentType: t.type, ext };
}

/** The size cap's answer: 413 with the field and the limit. */
export const formFileTooLarge = () => new AppError(413, 'content.formFileTooLarge', { max: FORM_FILE_MAX_MB });

/**
 * A Content-Disposition for a download: a plain ASCII fallback (no quotes, backslashes, control
 * characters or path separators) and the real name as RFC 5987 `filename*` in UTF-8.
 */
export function contentDisposition(name: string): string {
  const clean =
    [...name]
      .map((c) => (c.charCodeAt(0) < 0x20 || c === '\u007f' || c === '/' || c === '\\' ? '_' : c))
      .join('')
      .trim() || 'download';
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 ? clean.slice(dot).replace(/[^A-Za-z0-9.]/g, '') : '';
  let fallback = clean.replace(/[^\x20-\x7e]|["%;\\]/g, '_');
  if (!/[A-Za-z0-9]/.test(fallback.slice(0, dot > 0 ? dot : undefined))) fallback = `download${ext}`;
  const star = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${star}`;
}
