import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { call, testApp } from '../../../test/helpers.ts';

describe('the mini-programme a closed web collection sends students to', () => {
  it('is named in the public settings, with a default and set by the environment', async () => {
    expect(loadConfig({ NODE_ENV: 'test' }).miniProgram).toEqual({
      name: { zh: '学生图像采集平台', en: 'Student Photo Portal' },
      qrUrl: '',
    });
    const set = loadConfig({
      NODE_ENV: 'test',
      MINI_PROGRAM_NAME_ZH: '毕业照采集',
      MINI_PROGRAM_NAME_EN: 'Graduation Photos',
      MINI_PROGRAM_QR_URL: '/static/mini-qr.png',
    });
    expect(set.miniProgram).toEqual({
      name: { zh: '毕业照采集', en: 'Graduation Photos' },
      qrUrl: '/static/mini-qr.png',
    });
    const app = await testApp({ miniProgram: set.miniProgram });
    const r = await call<{ miniProgram: unknown }>(app, { method: 'GET', url: '/api/baseInfo/settings' });
    expect(r.data.miniProgram).toEqual(set.miniProgram);
    await app.close();
  });
});
