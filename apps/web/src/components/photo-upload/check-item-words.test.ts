import { describe, expect, it } from 'vitest';
import { EXTRA_ITEMS } from '@portal/contract/photos';
import { INSTRUCTIONS } from '@portal/photo-check/live-guidance';
import { addLocales, i18n } from '../../lib/i18n.ts';
import photosLocale from '../../locales/photos.ts';
import consoleWords from '../../locales/console-words.ts';
import cameraLocale from '../../locales/camera.ts';

addLocales(photosLocale, consoleWords, cameraLocale);

describe('every check item and instruction in words, zh and en', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`${lang}: the result table, the review page and the dashboard name each item; the camera says each instruction`, async () => {
      await i18n.changeLanguage(lang);
      for (const k of EXTRA_ITEMS) {
        expect(i18n.exists(`photos.item.${k}`), `photos.item.${k}`).toBe(true);
        expect(i18n.exists(`photos.unit.${k}`), `photos.unit.${k}`).toBe(true);
        expect(i18n.t(`console.check.${k}`)).toBe(i18n.t(`photos.item.${k}`));
      }
      for (const k of INSTRUCTIONS) expect(i18n.exists(`camera.do.${k}`), `camera.do.${k}`).toBe(true);
    });
  }
  it('the new items in the words a reviewer reads', async () => {
    await i18n.changeLanguage('zh');
    expect(i18n.t('console.check.lightBalance')).toBe('左右脸亮度比（阴阳脸）');
    expect(i18n.t('console.check.skinA')).toBe('肤色 a*（红绿，偏色）');
    await i18n.changeLanguage('en');
    expect(i18n.t('console.check.lensGlare')).toBe('Glare on glasses');
  });
});
