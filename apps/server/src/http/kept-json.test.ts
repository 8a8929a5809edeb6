import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { responseSign } from '@portal/contract/envelope';
import { envelopeTail } from './envelope.ts';
import { acceptsGzip, KeptJson } from './kept-json.ts';

/** A kept answer compressed once: zlib's own gunzip (the other side) must read each answer whole. */
describe('a kept answer, gzipped', () => {
  const lists = {
    empty: '[]',
    chinese: JSON.stringify([{ stateDesc: '待付款', names: ['张三', '李四'], address: '北京市海淀区颐和园路5号' }]),
    large: JSON.stringify(
      Array.from({ length: 400 }, (_, i) => ({ id: i, stateDesc: '已发货', names: ['王'.repeat(i % 7)] })),
    ),
  };
  for (const [name, json] of Object.entries(lists))
    it(`decompresses to the signed envelope, the same as plain, answer after answer (${name})`, () => {
      const kept = new KeptJson(Buffer.from(json));
      for (let i = 0; i < 3; i++) {
        const tail = envelopeTail('sec');
        const plain = kept.plain(tail);
        const gz = kept.gzip(tail);
        expect(gunzipSync(gz).equals(plain)).toBe(true);
        const body = JSON.parse(gunzipSync(gz).toString('utf8'));
        expect(body).toMatchObject({ code: 200, msg: 'success', data: JSON.parse(json) });
        expect(body.sign).toBe(responseSign(200, body.timestamp, 'sec'));
      }
      if (name === 'large') expect(kept.gzip(envelopeTail('sec')).length).toBeLessThan(json.length / 4);
    });
});

describe('Accept-Encoding', () => {
  it('takes gzip by name or by *, unless weighted zero', () => {
    for (const h of ['gzip, deflate, br', 'br;q=1.0, gzip;q=0.8', '*', 'GZIP', 'deflate, *;q=0.5'])
      expect(acceptsGzip(h), h).toBe(true);
    for (const h of [undefined, '', 'br', 'identity', 'gzip;q=0', 'br, gzip; q=0', 'gzip;q=0, *', '*;q=0'])
      expect(acceptsGzip(h), String(h)).toBe(false);
  });
});
