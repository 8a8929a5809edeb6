import { Layout } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../lib/settings.ts';
import { pick } from '../../lib/i18n.ts';

/** The MIIT filing system: every ICP filing number links there (a requirement for sites in China). */
const MIIT_BEIAN_URL = 'https://beian.miit.gov.cn/';

/**
 * Footer: about us, copyright, help centre, contact us; phones and the service hours;
 * the operator's legal name and the ICP and public-security filing numbers (configuration).
 */
export function SiteFooter() {
  const { t } = useTranslation();
  const { data } = useSettings();
  return (
    <Layout.Footer className="site-footer">
      <nav className="footer-links" aria-label="footer">
        <Link to="/home/staticV?type=aboutUs">{t('layout.aboutUs')}</Link>
        <Link to="/home/staticV?type=copyRight">{t('layout.copyRight')}</Link>
        <Link to="/home/helpCenter">{t('layout.helpCenter')}</Link>
        <Link to="/home/staticV?type=contactUs">{t('layout.contactUs')}</Link>
      </nav>
      {data && (
        <p>
          {t('layout.servicePhones', { phones: data.servicePhones.join(' / ') })}{' '}
          {t('layout.serviceHours', { hours: pick(data.serviceHours) })}
        </p>
      )}
      <p className="footer-copy">
        {t('layout.copyright', { year: new Date().getFullYear() })}
        {data && (
          <>
            {' '}
            <span data-testid="operator">{pick(data.site.operator)}</span>
          </>
        )}
      </p>
      {data && (
        <p className="footer-filings">
          <a href={MIIT_BEIAN_URL} target="_blank" rel="noopener noreferrer">
            {data.site.icpNumber}
          </a>
          <span>{t('layout.psbFiling', { number: data.site.psbNumber })}</span>
        </p>
      )}
    </Layout.Footer>
  );
}
