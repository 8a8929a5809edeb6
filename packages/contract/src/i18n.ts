/** The two languages of the portal; Chinese is the default (document 1, section 1). */
export const LANGS = ['zh', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh';
/** Storage key of the chosen language in the browser (document 1, section 1). */
export const LANG_STORAGE_KEY = 'lang';

export interface Text {
  zh: string;
  en: string;
}

export function pickLang(value: string | undefined | null): Lang {
  if (!value) return DEFAULT_LANG;
  const v = value.toLowerCase();
  if (v === 'en' || v.startsWith('en-') || v.startsWith('en,') || v.startsWith('en;')) return 'en';
  if (v.startsWith('zh')) return 'zh';
  // Accept-Language lists: the first language we know wins.
  for (const part of v.split(',')) {
    const tag = part.trim().split(';')[0];
    if (tag.startsWith('zh')) return 'zh';
    if (tag.startsWith('en')) return 'en';
  }
  return DEFAULT_LANG;
}

export function tr(text: Text, lang: Lang, params?: Record<string, string | number>): string {
  let s = text[lang] ?? text.zh;
  if (params) for (const [k, v] of Object.entries(params)) s = s.replaceAll(`{${k}}`, String(v));
  return s;
}
