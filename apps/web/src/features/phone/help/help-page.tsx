import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Collapse, DotLoading, List, SearchBar } from 'antd-mobile';
import { pick, currentLang, setLang } from '../../../lib/i18n-core.ts';
import { useSettings } from '../../../lib/settings.ts';
import { useFaqs } from '../api.ts';

/** FAQ answers are rich text from the console: shown as plain text here. */
const plain = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';

/** Help: customer service (tap to call), hours, the chat, the FAQ with search, the language. */
export default function PhoneHelpPage() {
  const { t } = useTranslation();
  const { data: settings } = useSettings();
  const [question, setQuestion] = useState('');
  const faqs = useFaqs(question);
  return (
    <>
      <h1 className="phone-title">{t('phone.help.title')}</h1>
      <h2 className="phone-section-title">{t('phone.help.service')}</h2>
      <List>
        {(settings?.servicePhones ?? []).map((phone) => (
          <List.Item key={phone} extra={<a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{t('phone.help.call')}</a>}>
            <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} data-testid="service-phone">
              {phone}
            </a>
          </List.Item>
        ))}
        {settings && <List.Item description={pick(settings.serviceHours)}>{t('phone.help.hours')}</List.Item>}
        {settings?.chatUrl && (
          <List.Item>
            <a href={settings.chatUrl} target="_blank" rel="noreferrer">
              {t('phone.help.chat')}
            </a>
          </List.Item>
        )}
      </List>
      <h2 className="phone-section-title">{t('phone.help.language')}</h2>
      <List>
        <List.Item
          extra={
            <button
              type="button"
              className="phone-link-button"
              onClick={() => setLang(currentLang() === 'zh' ? 'en' : 'zh')}
            >
              {currentLang() === 'zh' ? 'English' : '中文'}
            </button>
          }
        >
          {t('phone.help.languageNow')}
        </List.Item>
      </List>
      <h2 className="phone-section-title">{t('phone.help.faq')}</h2>
      <SearchBar
        placeholder={t('phone.help.search')}
        aria-label={t('phone.help.search')}
        onSearch={(v) => setQuestion(v.trim())}
        onClear={() => setQuestion('')}
        style={{ marginBottom: 8 }}
      />
      {faqs.isPending ? (
        <DotLoading color="primary" />
      ) : !faqs.data || faqs.data.length === 0 ? (
        <p className="phone-muted">{t('phone.help.noFaq')}</p>
      ) : (
        <Collapse accordion>
          {faqs.data.map((f) => (
            <Collapse.Panel key={String(f.id)} title={pick(f.question)}>
              <p style={{ margin: 0, whiteSpace: 'pre-line' }}>{plain(pick(f.answer))}</p>
            </Collapse.Panel>
          ))}
        </Collapse>
      )}
    </>
  );
}
