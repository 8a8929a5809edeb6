import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { staffCall, staffSession, useTestApp } from '../../../test/helpers.ts';
import { nationalJpeg } from './staff-export.ts';

let app: FastifyInstance;

useTestApp((built) => (app = built));

describe('national export', () => {
  it('makes 480 x 640 JPEGs of 20-40 KB', async () => {
    const noisy = await sharp(Buffer.from(Array.from({ length: 600 * 800 * 3 }, (_, i) => (i * 7919) % 251)), {
      raw: { width: 600, height: 800, channels: 3 },
    })
      .jpeg()
      .toBuffer();
    const plain = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#64c5ff' } })
      .jpeg()
      .toBuffer();
    for (const input of [noisy, plain]) {
      const out = await nationalJpeg(input);
      const meta = await sharp(out).metadata();
      expect([meta.width, meta.height, meta.format]).toEqual([480, 640, 'jpeg']);
      expect(out.length).toBeGreaterThanOrEqual(20 * 1024);
      expect(out.length).toBeLessThanOrEqual(40 * 1024);
    }
  });

  it('answers 400 when nothing is approved in the scope', async () => {
    const prod = await staffSession(app, 'production');
    const r = await staffCall(app, prod.token, '/api/console/national-export', { yxdm: '99991' });
    expect(r.code).toBe(400);
    expect(r.msg).toBe('没有可导出的照片');
  });
});
