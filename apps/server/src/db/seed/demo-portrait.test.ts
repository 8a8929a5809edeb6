import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { testApp } from '../../../test/helpers.ts';
import { nationalStudents } from '../schema.ts';
import { seedNationalDemo } from '../../modules/national/seed.ts';
import { readPhotoBytes } from '../../modules/photos/photo-service.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await testApp();
  await seedNationalDemo(app.ctx);
}, 180_000);
afterAll(async () => app?.close());

describe('the demo photo on file', () => {
  it('is the drawn demo portrait on the standard blue, not a test portrait', async () => {
    const [s] = await app.ctx.db.select().from(nationalStudents).where(eq(nationalStudents.xm, '王伟'));
    expect(s?.photoId).toBeTruthy();
    const bytes = await readPhotoBytes(app.ctx, s.photoId!);
    const testPortrait = await readFile(new URL('../../../test/fixtures/photos/compliant-1.jpg', import.meta.url));
    expect(bytes.equals(testPortrait)).toBe(false);
    const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([480, 640]);
    // The standard blue in both top corners (the test portrait has a white background).
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    for (const [x, y] of [
      [8, 8],
      [471, 8],
    ])
      for (const [c, want] of at(x, y).map((v, i) => [v, [100, 197, 255][i]]))
        expect(Math.abs(c - want)).toBeLessThan(6);
  });
});
