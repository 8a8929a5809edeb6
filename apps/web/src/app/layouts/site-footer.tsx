import { Layout } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../lib/settings.ts';
import { pick } from '../../lib/i18n.ts';

/** Footer: about us, copyright, help centre, contact us; phones and both readings of the hours. */
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
          {t('layout.serviceHoursAlt', { hours: pick(data.serviceHoursAlt) })}
        </p>
      )}
      <p className="footer-copy">{t('layout.copyright', { year: new Date().getFullYear() })}</p>
    </Layout.Footer>
  );
}
