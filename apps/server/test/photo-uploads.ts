import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { call, multipartBody, type Session } from './helpers.ts';

/** The photo fixtures: compliant ones and one of each refusal. */
export const PHOTO_FIXTURES = path.resolve(import.meta.dirname, 'fixtures/photos');
export const photoFixture = (file: string) => readFileSync(path.join(PHOTO_FIXTURES, file));

/** The check object's items the specification names; the added items (EXTRA_ITEMS) come beside them. */
export const SPEC_CHECK_KEYS = [
  'background',
  'backgroundout',
  'blackSide',
  'chinSide',
  'definition',
  'eyeAngle',
  'eyeSide',
  'leftSide',
  'rightSide',
  'topComplete',
  'topSide',
];

/**
 * POST /api/img/upload as the browser sends it: a multipart body (not signed), the flow field
 * when given, then the photo as the file part (no file part without bytes).
 */
export function uploadPhoto<T = unknown>(
  app: FastifyInstance,
  session: Session | undefined,
  bytes: Buffer | undefined,
  opts: { flow?: string; headers?: Record<string, string> } = {},
) {
  const m = multipartBody(
    opts.flow ? { flow: opts.flow } : {},
    bytes && { name: 'photo.jpg', bytes, type: 'image/jpeg' },
  );
  return call<T>(app, {
    method: 'POST',
    url: '/api/img/upload',
    session,
    signed: false,
    payload: m.payload,
    headers: { ...m.headers, ...opts.headers },
  });
}
