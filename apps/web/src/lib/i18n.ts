import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG, LANG_STORAGE_KEY, pickLang, type Lang } from '@portal/contract/i18n';
import { MESSAGES } from '@portal/contract/messages';
import common from '../locales/common.ts';
import home from '../locales/home.ts';
import content from '../locales/content.ts';
import auth from '../locales/auth.ts';
import account from '../locales/account.ts';
import orders from '../locales/orders.ts';
import photos from '../locales/photos.ts';
import payments from '../locales/payments.ts';
import task from '../locales/task.ts';
import reprint from '../locales/reprint.ts';
import logistics from '../locales/logistics.ts';

type Locale = Record<Lang, Record<string, string>>;

/**
 * Locale files, one per feature: `{ zh: {...}, en: {...} }` with flat dotted keys. The console's
 * own are added by the console entry (addLocales), so the portal's first load does not carry them.
 */
const LOCALES: Locale[] = [common, home, content, auth, account, orders, photos, payments, task, reprint, logistics];

function resources(lang: Lang): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(MESSAGES)) out[`msg.${k}`] = v[lang];
  for (const l of LOCALES) Object.assign(out, l[lang]);
  return out;
}

export function storedLang(): Lang {
  try {
    return pickLang(localStorage.getItem(LANG_STORAGE_KEY) ?? DEFAULT_LANG);
  } catch {
    return DEFAULT_LANG;
  }
}

void i18next.use(initReactI18next).init({
  resources: { zh: { translation: resources('zh') }, en: { translation: resources('en') } },
  lng: storedLang(),
  fallbackLng: 'zh',
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const i18n = i18next;

/** Adds an entry's own locale files (the console's) to both languages. */
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
