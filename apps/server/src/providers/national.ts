import crypto from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { PiiCipher } from '../lib/pii.ts';
import { nationalQrSessions, nationalStudents } from '../db/schema.ts';
import { AppError, conflict, notFound } from '../lib/errors.ts';
import {
  NationalCallError,
  NationalHttpReporter,
  type PhotoReportItem,
  type PhotoReportOutcome,
} from './national-report.ts';
import { sandboxReportPhotos } from './national-sandbox-report.ts';

/** The national app QR session lasts three minutes (document 2, section 9). */
export const QR_SESSION_SECONDS = 180;

/** A student record of the national student-information platform. */
export interface NationalStudent {
  id: number;
  xh: string;
  xm: string;
  /** Clear ID number; only for the member who scanned or holds the code. */
  zjhm: string;
  yxdm: string;
  schoolName: string;
  xllb: number;
  education: number;
  major: string | null;
  sex: number | null;
  cjm: string | null;
  bh: string | null;
  hasPhoto: boolean;
  photoId: number | null;
  photoCount: number;
}

export type QrSessionInfo =
  { status: 'pending' } | { status: 'confirmed'; student: NationalStudent; bizSerialNum: string };

/** The national platform, one interface with a sandbox and a real adapter (see ARCHITECTURE.md, "Outside parties"). */
export interface NationalPlatform {
  /** Opens an app QR session for a member; the QR encodes the app URL with the session key. */
  createQrSession(memberId: number, baseUrl: string): Promise<{ remarks: string; url: string; expiresAt: Date }>;
  /** Polls a session; throws 409 when it has expired, 404 when unknown or not the member's. */
  qrSessionInfo(remarks: string, memberId: number): Promise<QrSessionInfo>;
  /** Resolves a collection code (cjm) printed in the app. */
  decodeCollectionCode(cjm: string): Promise<NationalStudent | null>;
  /** Matches a student by school + student number. */
  matchStudent(yxdm: string, xh: string): Promise<NationalStudent | null>;
  /**
   * Matches a student and checks a document number against the record (reprint binding):
   * null when there is no such record, else the record and whether the number is its own.
   */
  verifyStudentIdentity(
    yxdm: string,
    xh: string,
    idNumber: string,
  ): Promise<{ student: NationalStudent; idMatches: boolean } | null>;
  /** Reports a collected photo for a student (counted in the sandbox). */
  reportPhoto(yxdm: string, xh: string, photoId: number): Promise<void>;
  /**
   * Sends a batch of approved photos; answers accepted or rejected (with the reason) per item.
   * Throws NationalCallError when the call fails as a whole (then every item is tried again).
   */
  reportPhotos(batch: PhotoReportItem[]): Promise<PhotoReportOutcome[]>;
}

type Row = typeof nationalStudents.$inferSelect;

/** The sandbox: seeded records in national_students, sessions in national_qr_sessions. */
export class SandboxNational implements NationalPlatform {
  constructor(private readonly ctx: { db: Db; pii: PiiCipher }) {}

  toStudent(r: Row): NationalStudent {
    return {
      id: r.id,
      xh: r.xh,
      xm: r.xm,
      zjhm: r.zjhmEnc ? this.ctx.pii.decrypt(r.zjhmEnc) : '',
      yxdm: r.yxdm,
      schoolName: r.schoolName,
      xllb: r.xllb,
      education: r.education,
      major: r.major,
      sex: r.sex,
      cjm: r.cjm,
      bh: r.bh,
      hasPhoto: r.hasPhoto,
      photoId: r.photoId,
      photoCount: r.photoCount,
    };
  }

  async createQrSession(memberId: number, baseUrl: string) {
    const remarks = crypto.randomBytes(16).toString('hex');
    const expiresAt = new Date(Date.now() + QR_SESSION_SECONDS * 1000);
    await this.ctx.db.insert(nationalQrSessions).values({ remarks, memberId, expiresAt });
    return { remarks, url: `${baseUrl.replace(/\/$/, '')}/sandbox/app?session=${remarks}`, expiresAt };
  }

  private async qrSession(remarks: string) {
    const [s] = await this.ctx.db
      .select()
      .from(nationalQrSessions)
      .where(eq(nationalQrSessions.remarks, remarks))
      .limit(1);
    return s;
  }

  async qrSessionInfo(remarks: string, memberId: number): Promise<QrSessionInfo> {
    const s = await this.qrSession(remarks);
    if (!s || s.memberId !== memberId) throw notFound('order.qrUnknown');
    if (s.confirmedAt && s.nationalStudentId) {
      const [r] = await this.ctx.db
        .select()
        .from(nationalStudents)
        .where(eq(nationalStudents.id, s.nationalStudentId))
        .limit(1);
      if (r) return { status: 'confirmed', student: this.toStudent(r), bizSerialNum: s.bizSerialNum ?? '' };
    }
    if (s.expiresAt.getTime() < Date.now()) throw conflict('order.qrExpired');
    return { status: 'pending' };
  }

  /** The sandbox phone app confirms a session as one student (one person per code). */
  async confirmQrSession(remarks: string, xh: string, yxdm?: string): Promise<NationalStudent> {
    const s = await this.qrSession(remarks);
    if (!s) throw notFound('order.qrUnknown');
    if (s.expiresAt.getTime() < Date.now()) throw conflict('order.qrExpired');
    if (s.confirmedAt) throw conflict('order.qrExpired');
    const where = yxdm
      ? and(eq(nationalStudents.xh, xh), eq(nationalStudents.yxdm, yxdm))
      : eq(nationalStudents.xh, xh);
    const [r] = await this.ctx.db.select().from(nationalStudents).where(where).limit(1);
    if (!r) throw notFound('national.studentNotFound');
    const bizSerialNum = `BIZ${Date.now()}${crypto.randomInt(1000, 9999)}`;
    await this.ctx.db
      .update(nationalQrSessions)
      .set({ nationalStudentId: r.id, bizSerialNum, confirmedAt: new Date() })
      .where(eq(nationalQrSessions.remarks, remarks));
    return this.toStudent(r);
  }

  async decodeCollectionCode(cjm: string) {
    const [r] = await this.ctx.db.select().from(nationalStudents).where(eq(nationalStudents.cjm, cjm.trim())).limit(1);
    return r ? this.toStudent(r) : null;
  }

  /** The record of a school's student number. */
  private async studentRow(yxdm: string, xh: string) {
    const [r] = await this.ctx.db
      .select()
      .from(nationalStudents)
      .where(and(eq(nationalStudents.yxdm, yxdm), eq(nationalStudents.xh, xh)))
      .limit(1);
    return r;
  }

  async matchStudent(yxdm: string, xh: string) {
    const r = await this.studentRow(yxdm, xh);
    return r ? this.toStudent(r) : null;
  }

  /** Compares blind indexes (HMAC under the data key), so the number given is never compared or kept in clear. */
  async verifyStudentIdentity(yxdm: string, xh: string, idNumber: string) {
    const r = await this.studentRow(yxdm, xh);
    if (!r) return null;
    const want = r.zjhmHash ?? (r.zjhmEnc ? this.ctx.pii.blindIndex(this.ctx.pii.decrypt(r.zjhmEnc)) : null);
    const given = this.ctx.pii.blindIndex(idNumber);
    const idMatches =
      !!want && want.length === given.length && crypto.timingSafeEqual(Buffer.from(want), Buffer.from(given));
    return { student: this.toStudent(r), idMatches };
  }

  async reportPhoto(yxdm: string, xh: string, photoId: number) {
    const r = await this.matchStudent(yxdm, xh);
    if (!r) return;
    await this.ctx.db
      .update(nationalStudents)
      .set({ hasPhoto: true, photoId, photoCount: r.photoCount + 1 })
      .where(eq(nationalStudents.id, r.id));
  }

  reportPhotos(batch: PhotoReportItem[]): Promise<PhotoReportOutcome[]> {
    return sandboxReportPhotos(this.ctx, batch);
  }

  async listStudents(): Promise<NationalStudent[]> {
    const rows = await this.ctx.db.select().from(nationalStudents).orderBy(nationalStudents.yxdm, nationalStudents.xh);
    return rows.map((r) => this.toStudent(r));
  }

  async studentsWithPhoto(): Promise<NationalStudent[]> {
    const rows = await this.ctx.db.select().from(nationalStudents).where(isNotNull(nationalStudents.photoId));
    return rows.map((r) => this.toStudent(r));
  }
}

/** A call of the real platform this programme has no access to yet: a clear refusal, never a pretence. */
const notGranted = async (): Promise<never> => {
  throw new AppError(503, 'national.notConfigured');
};

/**
 * The real platform's API, used when NATIONAL_API_URL is set. The platform grants
 * access per agency; until it does every call fails with a clear message rather
 * than pretending (503, national.notConfigured).
 */
export class RealNational implements NationalPlatform {
  private readonly reporter: NationalHttpReporter | null;
  constructor(
    private readonly opts: { url?: string; key?: string; secret?: string; timeoutMs?: number },
    fetchFn: typeof fetch = fetch,
  ) {
    const { url, key, secret } = opts;
    this.reporter =
      url && key && secret
        ? new NationalHttpReporter(
            { url, appKey: key, appSecret: secret, timeoutMs: opts.timeoutMs ?? 15_000 },
            fetchFn,
          )
        : null;
  }
  // Every call but the photo report fails alike until the platform grants access.
  readonly createQrSession = notGranted;
  readonly qrSessionInfo = notGranted;
  readonly decodeCollectionCode = notGranted;
  readonly matchStudent = notGranted;
  readonly verifyStudentIdentity = notGranted;
  readonly reportPhoto = notGranted;
  /** The photo report call (NATIONAL_API_URL, NATIONAL_API_KEY, NATIONAL_API_SECRET); a missing setting fails each call. */
  async reportPhotos(batch: PhotoReportItem[]): Promise<PhotoReportOutcome[]> {
    if (!this.reporter) throw new NationalCallError('not configured');
    return this.reporter.reportPhotos(batch);
  }
}

/** The sandbox of an app, for its pages and hooks (demo mode only). */
export function sandboxNational(ctx: { national: NationalPlatform }): SandboxNational {
  const p = ctx.national;
  if (!(p instanceof SandboxNational)) throw notFound();
  return p;
}
