import { expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { type Session } from '../../../test/helpers.ts';
import { useAppWithMembers } from '../../../test/member-apps.ts';
import { photoFixture, uploadPhoto } from '../../../test/photo-uploads.ts';

// The photo check's declared metrics move with the uploads: an operator watching /metrics sees
// how long checks take and which items refuse photos.

let app: FastifyInstance;
let s: Session;
useAppWithMembers((t) => ({ app, me: s } = t));

/** The value of one sample in the /metrics text (0 when the series has not appeared yet). */
async function sample(name: string, labels = ''): Promise<number> {
  const r = await app.inject({ url: '/metrics' });
  expect(r.statusCode).toBe(200);
  const line = r.body.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

const upload = (file: string) => uploadPhoto(app, s, photoFixture(file), { flow: 'task' });

it('each checked upload is timed, and each failing item of a refused one is counted', async () => {
  const checks = await sample('photo_check_duration_seconds_count');
  const tilted = await sample('photo_check_failures_total', 'item="eyeAngle"');
  const sides = await sample('photo_check_failures_total', 'item="leftSide"');

  expect((await upload('compliant-1.jpg')).code).toBe(200);
  expect((await upload('tilted-8.jpg')).code).toBe(-1);

  expect(await sample('photo_check_duration_seconds_count')).toBe(checks + 2);
  expect(await sample('photo_check_failures_total', 'item="eyeAngle"')).toBe(tilted + 1);
  // An item that passed is not counted.
  expect(await sample('photo_check_failures_total', 'item="leftSide"')).toBe(sides);
}, 60_000);
