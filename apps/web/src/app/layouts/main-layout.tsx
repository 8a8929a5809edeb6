import { Suspense, useEffect, useState } from 'react';
import { FloatButton, Layout, Modal, Result, Spin } from 'antd';
import { CustomerServiceOutlined } from '@ant-design/icons';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SiteHeader } from './site-header.tsx';
import { SiteFooter } from './site-footer.tsx';
import { useSettings, FALLBACK_INACTIVITY } from '../../lib/settings.ts';
import { pick } from '../../lib/i18n.ts';
import { useInactivity, INACTIVE_FLAG } from '../use-inactivity.ts';

export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div style={{ padding: 64, textAlign: 'center' }} role="status">
      <Spin tip={t('common.loading')}>
        <div style={{ minHeight: 40 }} />
      </Spin>
    </div>
  );
}

/** The portal's frame: header, content, footer, the floating customer-service button. */
export function MainLayout() {
  const { t } = useTranslation();
  const { data: settings } = useSettings();
  useInactivity(settings?.inactivitySeconds ?? FALLBACK_INACTIVITY);
  // Why they were logged out waits for the student's return: a dialog they close, not a toast
  // that is gone before they are back.
  const [inactive, setInactive] = useState(false);
  useEffect(() => {
    if (localStorage.getItem(INACTIVE_FLAG)) {
      localStorage.removeItem(INACTIVE_FLAG);
      setInactive(true);
    }
  }, []);
  const inactiveDialog = (
    <Modal
      open={inactive}
      title={t('layout.inactiveTitle')}
      onOk={() => setInactive(false)}
      onCancel={() => setInactive(false)}
      cancelButtonProps={{ style: { display: 'none' } }}
      okText={t('layout.inactiveOk')}
    >
      <p>{t('msg.session.inactive')}</p>
    </Modal>
  );

  if (settings?.maintenance.on) {
    return (
      <Layout className="site">
        <Result status="warning" title={t('maintenance.title')} subTitle={pick(settings.maintenance)} />
      </Layout>
    );
  }
  return (
    <Layout className="site">
      <SiteHeader />
      <Layout.Content className="site-content">
        {/* Layout.Content is the page's one <main> landmark. */}
        <div className="site-main">
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </div>
      </Layout.Content>
      <SiteFooter />
      {inactiveDialog}
      {/* Shown once the settings (which hold the chat address) have come: a click before did nothing. */}
      {settings && (
        <FloatButton
          icon={<CustomerServiceOutlined />}
          type="primary"
          tooltip={t('layout.customerService')}
          aria-label={t('layout.customerService')}
          onClick={() => window.open(settings.chatUrl, '_blank', 'noopener,noreferrer')}
        />
      )}
    </Layout>
  );
}
