import crypto from 'node:crypto';
import { z } from 'zod';

/** One approved photo sent to the national platform (480 x 640 JPEG, 20-40 KB). */
export interface PhotoReportItem {
  /** Our reference, echoed back in the answer. */
  ref: string;
  idNumber: string | null;
  studentId: string | null;
  name: string;
  yxdm: string;
  jpeg: Buffer;
}

/** The platform's answer for one item; reason is its code (or text) when rejected. */
export interface PhotoReportOutcome {
  ref: string;
  accepted: boolean;
  reason: string | null;
}

/** A call that failed as a whole (network, timeout, HTTP error, unreadable answer): every item in it is tried again. */
export class NationalCallError extends Error {}

export const REPORT_PHOTO_MIN_BYTES = 20 * 1024;
export const REPORT_PHOTO_MAX_BYTES = 40 * 1024;

export interface NationalHttpOptions {
  url: string;
  appKey: string;
  appSecret: string;
  timeoutMs: number;
}

/** HMAC-SHA256 (hex) over timestamp + nonce + body with the app secret: the x-signature header. */
export function nationalSignature(secret: string, timestamp: string, nonce: string, body: string): string {
  return crypto
    .createHmac('sha256', secret)
    .update(timestamp + nonce + body)
    .digest('hex');
}

const answerSchema = z.object({
  code: z.number(),
  msg: z.string().optional(),
  data: z
    .object({ results: z.array(z.object({ ref: z.string(), accepted: z.boolean(), reason: z.string().nullish() })) })
    .nullish(),
});

/**
 * The photo report call of the platform's HTTP API: JSON over HTTPS, signed with the app key and
 * secret (headers x-app-key, x-timestamp (ms), x-nonce, x-signature), bounded by a timeout.
 * Answers `{ code: 0, data: { results: [{ ref, accepted, reason }] } }`; anything else fails the call.
 */
export class NationalHttpReporter {
  constructor(
    private readonly o: NationalHttpOptions,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  async reportPhotos(batch: PhotoReportItem[]): Promise<PhotoReportOutcome[]> {
    const body = JSON.stringify({
      batchNo: crypto.randomUUID(),
      items: batch.map((i) => ({
        ref: i.ref,
        zjhm: i.idNumber,
        xh: i.studentId,
        xm: i.name,
        yxdm: i.yxdm,
        photo: i.jpeg.toString('base64'),
      })),
    });
    const timestamp = String(Date.now());
    const nonce = crypto.randomBytes(16).toString('hex');
    let res: Response;
    try {
      res = await this.fetchFn(`${this.o.url.replace(/\/+$/, '')}/photo/report`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'x-app-key': this.o.appKey,
          'x-timestamp': timestamp,
          'x-nonce': nonce,
          'x-signature': nationalSignature(this.o.appSecret, timestamp, nonce, body),
        },
        body,
        signal: AbortSignal.timeout(this.o.timeoutMs),
      });
    } catch (e) {
      const name = (e as Error).name;
      throw new NationalCallError(
        name === 'TimeoutError' || name === 'AbortError' ? `timed out after ${this.o.timeoutMs} ms` : 'network error',
      );
    }
    if (!res.ok) throw new NationalCallError(`HTTP ${res.status}`);
    let answer: z.infer<typeof answerSchema>;
    try {
      answer = answerSchema.parse(await res.json());
    } catch {
      throw new NationalCallError('unreadable answer');
    }
    if (answer.code !== 0)
      throw new NationalCallError(`platform code ${answer.code}${answer.msg ? `: ${answer.msg.slice(0, 200)}` : ''}`);
    const byRef = new Map((answer.data?.results ?? []).map((r) => [r.ref, r]));
    return batch.map((i) => {
      const r = byRef.get(i.ref);
      if (!r) throw new NationalCallError('answer lacks an item');
      return { ref: i.ref, accepted: r.accepted, reason: r.accepted ? null : (r.reason ?? 'rejected') };
    });
  }
}
