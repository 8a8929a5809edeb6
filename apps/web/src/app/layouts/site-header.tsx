import { useEffect, useState } from 'react';
import { Button, Dropdown, Layout, Menu, Modal, Space, message } from 'antd';
import { DownOutlined, GlobalOutlined, UserOutlined } from '@ant-design/icons';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { apiPost } from '../../lib/api/client.ts';
import { clearSession, getSession, isLoggedIn, SESSION_EVENT, announceSessionChange } from '../../lib/session.ts';
import { currentLang, setLang } from '../../lib/i18n.ts';
import { NoticeBell } from '../../components/notice-bell/index.ts';

/** Header: home and login for visitors; home, My orders, Personal centre and logout for members. */
export function SiteHeader() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [loggedIn, setLoggedIn] = useState(isLoggedIn());
  // A session change (login, name change) re-renders the header so the shown name is fresh.
  const [, setVersion] = useState(0);
  useEffect(() => {
    const update = () => {
      setLoggedIn(isLoggedIn());
      setVersion((v) => v + 1);
    };
    window.addEventListener(SESSION_EVENT, update);
    return () => window.removeEventListener(SESSION_EVENT, update);
  }, []);
  useEffect(() => setLoggedIn(isLoggedIn()), [location.pathname]);

  const logout = () =>
    Modal.confirm({
      title: t('msg.confirm.logout'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await apiPost('/api/login/exit', { plain: true, silent: true, noLoginRedirect: true });
        } catch {
          // The session ends locally whatever the server said.
        }
        clearSession();
        announceSessionChange();
        void message.success(t('layout.logoutOk'), 1);
        navigate('/home');
      },
    });

  const orderItems = [
    { key: '/home/myOrder', label: t('layout.individualOrders') },
    { key: '/home/myOrderCai', label: t('layout.collectiveOrders') },
    { key: '/home/myRollOder', label: t('layout.reprintOrders') },
  ];
  const centreItems = [
    { key: '/personalInf', label: t('layout.changeName') },
    { key: '/accountNum', label: t('layout.changeMobile') },
    { key: '/chanEmali', label: t('layout.changeMail') },
    { key: '/delUser', label: t('layout.deactivate') },
  ];
  const name = getSession('name') || getSession('mobile') || '';
  const lang = currentLang();

  return (
    <Layout.Header className="site-header">
      <Link to="/home" className="site-brand" aria-label={t('common.siteName')}>
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <span>
          <strong>{t('common.siteName')}</strong>
          <small>{t('common.siteSubtitle')}</small>
        </span>
      </Link>
      <nav className="site-nav" aria-label="main">
        <Menu
          mode="horizontal"
          selectable={false}
          disabledOverflow
          items={[{ key: 'home', label: <Link to="/home">{t('layout.home')}</Link> }]}
        />
        {loggedIn && (
          <>
            <Dropdown menu={{ items: orderItems, onClick: ({ key }) => navigate(key) }}>
              <Button type="text" className="nav-button">
                {t('layout.myOrders')} <DownOutlined />
              </Button>
            </Dropdown>
            <Dropdown menu={{ items: centreItems, onClick: ({ key }) => navigate(key) }}>
              <Button type="text" className="nav-button" icon={<UserOutlined />}>
                {t('layout.personalCentre')} {name && <span className="nav-name">({name})</span>} <DownOutlined />
              </Button>
            </Dropdown>
          </>
        )}
        <Space>
          {loggedIn && <NoticeBell />}
          <Button
            type="text"
            className="nav-button"
            icon={<GlobalOutlined />}
            onClick={() => setLang(lang === 'zh' ? 'en' : 'zh')}
            aria-label={lang === 'zh' ? 'Switch to English' : '切换到中文'}
          >
            {t('layout.language')}
          </Button>
          {loggedIn ? (
            <Button onClick={logout}>{t('layout.logout')}</Button>
          ) : (
            <Button type="primary" onClick={() => navigate('/login')}>
              {t('layout.loginRegister')}
            </Button>
          )}
        </Space>
      </nav>
    </Layout.Header>
  );
}
