import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { multipartBody, useTestApp } from '../../test/helpers.ts';

let app: FastifyInstance;
useTestApp((a) => (app = a));

describe('multipart bodies outside the upload routes', () => {
  it('are refused with 400 naming the body content type, before any handler', async () => {
    const r = await app.inject({ method: 'POST', url: '/api/login/exit', ...multipartBody({ a: '1' }) });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: 400, msg: '参数错误：body content-type' });
  });

  it('still reach the upload routes, which read them (the member guard answers first here)', async () => {
    const r = await app.inject({ method: 'POST', url: '/api/img/upload', ...multipartBody({ flow: 'individual' }) });
    expect(r.json()).toMatchObject({ code: 700 });
  });
});
