import { MESSAGES } from '@portal/contract/messages';
import { addLocales, addMessages, type Locale } from './i18n-core.ts';
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

export { addLocales, currentLang, i18n, pick, reasonText, setLang, storedLang } from './i18n-core.ts';

/**
 * The desktop portal's locale files, one per feature: `{ zh: {...}, en: {...} }` with flat dotted
 * keys, on top of the contract's messages and the common words (i18n-core.ts). The console's are added by the console
 * entry, the phone portal's by its own (phone-main.tsx), so neither first load carries these.
 */
const LOCALES: Locale[] = [home, content, auth, account, orders, photos, payments, task, reprint, logistics];
addMessages(MESSAGES);
addLocales(...LOCALES);
