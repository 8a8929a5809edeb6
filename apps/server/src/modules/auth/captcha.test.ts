import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { call, mobileSequence, useTestApp } from '../../../test/helpers.ts';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH } from './captcha-image.ts';
import { qs } from './test-kit.ts';

let app: FastifyInstance;
useTestApp((built) => (app = built));

const newMobile = mobileSequence('136');
type Cap = { imageCodeToken: string; imageCode: string };
const getCaptcha = async () => (await call<Cap>(app, { method: 'GET', url: '/api/login/getImageCode' })).data;
/** The answer as a journey reads it in demo mode. */
const demoAnswer = async (token: string) =>
  (await call<{ answer: string }>(app, { method: 'GET', url: `/api/dev/captcha?token=${token}` })).data.answer;
const send = (mobile: string, imageToken: string, imageCode: string) =>
  call(app, { method: 'GET', url: `/api/login/sendCode?${qs({ mobile, imageToken, imageCode })}` });
/** The answer with every letter's case turned. */
const swapCase = (s: string) => [...s].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');

describe('GET /api/login/getImageCode (raster captcha)', () => {
  it('answers the seed shape with a JPEG data URL of the captcha size, a new picture and token each time', async () => {
    const a = await getCaptcha();
    const b = await getCaptcha();
    expect(Object.keys(a).sort()).toEqual(['imageCode', 'imageCodeToken']);
    expect(a.imageCode).toMatch(/^data:image\/jpeg;base64,[A-Za-z0-9+/=]+$/);
    const meta = await sharp(Buffer.from(a.imageCode.split(',')[1], 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
    expect(b.imageCodeToken).not.toBe(a.imageCodeToken);
    expect(b.imageCode).not.toBe(a.imageCode);
    expect(await demoAnswer(a.imageCodeToken)).toMatch(/^[A-HJ-NP-Za-km-np-z2-9]{4}$/);
  });

  it('takes the answer in either case, and pays for one code only', async () => {
    const cap = await getCaptcha();
    const answer = swapCase(await demoAnswer(cap.imageCodeToken));
    const mobile = newMobile();
    expect((await send(mobile, cap.imageCodeToken, answer)).code).toBe(200);
    expect((await send(mobile, cap.imageCodeToken, answer)).msg).toBe('图形验证码已失效，请点击图片刷新');
  });

  it('dies at the first wrong answer', async () => {
    const cap = await getCaptcha();
    const answer = await demoAnswer(cap.imageCodeToken);
    const mobile = newMobile();
    const wrong = answer.slice(0, 3) + (answer[3].toLowerCase() === 'a' ? 'b' : 'a');
    expect((await send(mobile, cap.imageCodeToken, wrong)).msg).toBe('图形验证码错误，请重新输入');
    expect((await send(mobile, cap.imageCodeToken, answer)).msg).toBe('图形验证码已失效，请点击图片刷新');
  });
});
