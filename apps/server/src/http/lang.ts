import fp from 'fastify-plugin';
import { pickLang, tr, type Lang } from '@portal/contract/i18n';
import { MESSAGES, type MessageKey } from '@portal/contract/messages';

declare module 'fastify' {
  interface FastifyRequest {
    lang: Lang;
  }
}

/** Language from the `lang` header, else Accept-Language; default zh. */
export const langPlugin = fp(
  async (app) => {
    app.decorateRequest('lang', 'zh');
    app.addHook('onRequest', (req, _reply, done) => {
      const explicit = req.headers['lang'];
      req.lang = pickLang(typeof explicit === 'string' && explicit ? explicit : req.headers['accept-language']);
      done();
    });
  },
  { name: 'lang' },
);

export function message(lang: Lang, key: MessageKey, params?: Record<string, string | number>): string {
  return tr(MESSAGES[key], lang, params);
}
