import type { Text } from './i18n.ts';

/**
 * The photo backgrounds the check accepts, stated once: the guide, the banners, the FAQ
 * and the check's own range text all read this. Light blue RGB(100,197,255) is the
 * national standard; an even white or light grey background passes too.
 */
export const STANDARD_BLUE: readonly [number, number, number] = [100, 197, 255];

export const ACCEPTED_BACKGROUNDS: readonly Text[] = [
  {
    zh: `浅蓝色 RGB(${STANDARD_BLUE.join(',')})（标准）`,
    en: `light blue RGB(${STANDARD_BLUE.join(',')}) (the standard)`,
  },
  { zh: '白色', en: 'white' },
  { zh: '浅灰色', en: 'light grey' },
];

const list = (items: string[], sep: string, last: string) =>
  `${items.slice(0, -1).join(sep)}${last}${items[items.length - 1]}`;

/** 浅蓝色 RGB(100,197,255)（标准）、白色或浅灰色 / light blue RGB(100,197,255) (the standard), white or light grey */
export const ACCEPTED_BACKGROUNDS_TEXT: Text = {
  zh: list(
    ACCEPTED_BACKGROUNDS.map((b) => b.zh),
    '、',
    '或',
  ),
  en: list(
    ACCEPTED_BACKGROUNDS.map((b) => b.en),
    ', ',
    ' or ',
  ),
};
