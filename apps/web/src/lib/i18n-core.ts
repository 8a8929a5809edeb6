import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, LANG_STORAGE_KEY, pickLang, type Lang } from '@portal/contract/i18n';
import { MESSAGES } from '@portal/contract/messages';
import common from '../locales/common.ts';

export type Locale = Record<Lang, Record<string, string>>;

/**
 * i18next with the contract's messages and the common words (the API core's among them). Each
 * entry adds its own locale files (addLocales):
 * the desktop portal its features' (lib/i18n.ts), the console its own, the phone portal its one
 * file, so a first load carries no other screen's words.
 */
function messages(lang: Lang): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(MESSAGES)) out[`msg.${k}`] = v[lang];
  return Object.assign(out, common[lang]);
}

export function storedLang(): Lang {
  try {
    return pickLang(localStorage.getItem(LANG_STORAGE_KEY) ?? DEFAULT_LANG);
  } catch {
    return DEFAULT_LANG;
  }
}

void i18next.use(initReactI18next).init({
  resources: { zh: { translation: messages('zh') }, en: { translation: messages('en') } },
  lng: storedLang(),
  fallbackLng: 'zh',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const i18n = i18next;

/** Adds an entry's own locale files to both languages. */
export function addLocales(...locales: Locale[]): void {
  for (const lang of ['zh', 'en'] as const) {
    for (const l of locales) i18next.addResourceBundle(lang, 'translation', l[lang], true, true);
  }
}

export function currentLang(): Lang {
  return pickLang(i18next.language);
}

/** The toggle: stored under `lang` so it survives a reload (document 1, section 1). */
export function setLang(lang: Lang): void {
  localStorage.setItem(LANG_STORAGE_KEY, lang);
  void i18next.changeLanguage(lang);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

/** Text of a {zh, en} pair (content from the server, enums from the contract). */
export function pick(text: { zh: string; en: string } | undefined | null): string {
  if (!text) return '';
  return text[currentLang()] ?? text.zh;
}

/**
 * A reason the server stored as a message key (a reprint closed because its binding was lost,
 * say) in the current language; a reason a reviewer typed is shown as typed.
 */
export function reasonText(reason: string): string {
  return Object.hasOwn(MESSAGES, reason) ? i18next.t(`msg.${reason}`) : reason;
}
