import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, LANG_STORAGE_KEY, pickLang, type Lang, type Text } from '@portal/contract/i18n';
import common from '../locales/common.ts';

export type Locale = Record<Lang, Record<string, string>>;

export function storedLang(): Lang {
  try {
    return pickLang(localStorage.getItem(LANG_STORAGE_KEY) ?? DEFAULT_LANG);
  } catch {
    return DEFAULT_LANG;
  }
}

/**
 * i18next with the common words (the API core's among them). Each entry adds the contract's
 * messages (addMessages) and its own locale files (addLocales): the desktop portal and the console
 * at start (lib/i18n.ts), the phone portal with the screens that show one (phone-messages.ts), so
 * a first load carries no other screen's words.
 */
void i18next.use(initReactI18next).init({
  resources: { zh: { translation: { ...common.zh } }, en: { translation: { ...common.en } } },
  lng: storedLang(),
  fallbackLng: 'zh',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const i18n = i18next;

/** Adds the contract's messages (MESSAGES) to both languages, as `msg.<key>`. */
export function addMessages(messages: Record<string, Text>): void {
  for (const lang of ['zh', 'en'] as const) {
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(messages)) out[`msg.${k}`] = v[lang];
    // Under the common words, as before: a common word of the same key wins.
    i18next.addResourceBundle(lang, 'translation', out, true, false);
  }
}

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
  return i18next.exists(`msg.${reason}`) ? i18next.t(`msg.${reason}`) : reason;
}
