import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Dashboard } from '@portal/contract/console';
import { call, staffCall, memberSession, multipartBody, staffSession, useTestApp } from '../../../test/helpers.ts';

const blurred = readFileSync(path.resolve(import.meta.dirname, '../../../test/fixtures/photos/blurred.jpg'));

const multipart = (bytes: Buffer) => multipartBody({ flow: 'task' }, { name: 'photo.jpg', bytes, type: 'image/jpeg' });

let app: FastifyInstance;
useTestApp((built) => (app = built));

describe('dashboard: 照片检测未通过项', () => {
  it('counts the items of refused uploads (a refused photo is never stored)', async () => {
    const m = await memberSession(app);
    const refusals = 20;
    for (let i = 0; i < refusals; i++) {
      const r = await call(app, {
        method: 'POST',
        url: '/api/img/upload',
        session: m,
        signed: false,
        ...multipart(blurred),
      });
      expect(r.code).toBe(-1);
    }
    const admin = await staffSession(app, 'admin');
    const d = await staffCall<Dashboard>(app, admin.token, '/api/console/dashboard');
    expect(d.code).toBe(200);
    expect(d.data.failingItems.find((f) => f.item === 'definition')?.count).toBe(refusals);
  }, 180_000);
});
