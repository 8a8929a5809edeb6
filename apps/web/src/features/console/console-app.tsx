import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, useLocation, useNavigate } from 'react-router';
import { Button, Layout, Menu, Result, Space, Spin, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { currentLang, setLang } from '../../lib/i18n.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { cGet, cPost, getStaffToken, setStaffToken, STAFF_EVENT } from './console-api.ts';
import { canAccess, CONSOLE_ROUTES, routesFor } from './access.ts';
import { StaffContext, useStaff } from './staff-context.ts';
import LoginPage from './pages/login-page.tsx';

const pages: Record<string, ReturnType<typeof lazy>> = {
  '/dashboard': lazy(() => import('./pages/dashboard-page.tsx')),
  '/orders': lazy(() => import('./pages/orders-page.tsx')),
  '/review': lazy(() => import('./pages/review-page.tsx')),
  '/shipping': lazy(() => import('./pages/shipping-page.tsx')),
  '/parcels': lazy(() => import('./pages/parcels-page.tsx')),
  '/refunds': lazy(() => import('./pages/refunds-page.tsx')),
  '/bindings': lazy(() => import('./pages/bindings-page.tsx')),
  '/content': lazy(() => import('./pages/content-page.tsx')),
  '/schools': lazy(() => import('./pages/schools-page.tsx')),
  '/export': lazy(() => import('./pages/export-page.tsx')),
  '/cohort': lazy(() => import('./pages/cohort-page.tsx')),
  '/audit': lazy(() => import('./pages/audit-page.tsx')),
  '/staff': lazy(() => import('./pages/staff-page.tsx')),
  '/account': lazy(() => import('./pages/account-page.tsx')),
};
const OrderPage = lazy(() => import('./pages/order-page.tsx'));

function useToken() {
  const [token, setToken] = useState(getStaffToken());
  useEffect(() => {
    const on = () => setToken(getStaffToken());
    window.addEventListener(STAFF_EVENT, on);
    return () => window.removeEventListener(STAFF_EVENT, on);
  }, []);
  return token;
}

function Guard({ path, children }: { path: string; children: ReactNode }) {
  const staff = useStaff();
  const { t } = useTranslation();
  const route = CONSOLE_ROUTES.find((r) => r.path === path)!;
  if (!canAccess(staff, route)) return <Result status="403" title={t('console.forbidden')} />;
  return <>{children}</>;
}

function Frame() {
  const { t } = useTranslation();
  const staff = useStaff()!;
  const nav = useNavigate();
  const loc = useLocation();
  const qc = useQueryClient();
  const selected = '/' + (loc.pathname.split('/')[1] ?? '');
  // The tab's title is the page's menu title, in the current language.
  const current = CONSOLE_ROUTES.find((r) => r.path === selected);
  usePageTitle(current ? t(current.titleKey) : null, t('console.title'));
  const logout = async () => {
    await cPost('/api/console/logout').catch(() => null);
    setStaffToken(null);
    qc.clear();
  };
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={200} theme="light" breakpoint="lg" collapsedWidth={0} className="console-sider">
        <div style={{ padding: 16, fontWeight: 600 }}>{t('console.title')}</div>
        <nav aria-label={t('console.menu.label')}>
          <Menu
            mode="inline"
            selectedKeys={[selected]}
            items={routesFor(staff).map((r) => ({ key: r.path, label: t(r.titleKey) }))}
            onClick={(e) => nav(e.key)}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header
          className="console-header"
          style={{
            background: '#fff',
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            paddingInline: 24,
          }}
        >
          <Space>
            {!staff.totp && (
              <Button size="small" type="link" danger onClick={() => nav('/account')}>
                {t('console.account.notice')}
              </Button>
            )}
            <Typography.Text>
              {staff.name} · {t(`console.role.${staff.role}`)}
              {staff.branch ? ` · ${staff.branch}` : ''}
            </Typography.Text>
            <Button size="small" onClick={() => setLang(currentLang() === 'zh' ? 'en' : 'zh')}>
              {t('console.switchLang')}
            </Button>
            <Button size="small" onClick={logout}>
              {t('console.logout')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Suspense fallback={<Spin />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

const router = createBrowserRouter(
  [
    {
      path: '/',
      element: <Frame />,
      children: [
        { index: true, element: <Navigate to="/dashboard" replace /> },
        ...Object.entries(pages).map(([path, Page]) => ({
          path: path.slice(1),
          element: (
            <Guard path={path}>
              <Page />
            </Guard>
          ),
        })),
        {
          path: 'orders/:id',
          element: (
            <Guard path="/orders">
              <OrderPage />
            </Guard>
          ),
        },
        { path: '*', element: <Navigate to="/dashboard" replace /> },
      ],
    },
  ],
  { basename: '/console' },
);

/** The staff console: its own staff session (x-staff-token), a role-aware menu. */
export function ConsoleApp() {
  const token = useToken();
  const me = useQuery({
    queryKey: ['console', 'me', token],
    queryFn: () => cGet('/api/console/me'),
    enabled: !!token,
  });
  const { t } = useTranslation();
  const loggedIn = !!token && !!me.data;
  // Logged out: the console's own title (the frame sets each page's once logged in).
  useEffect(() => {
    if (!loggedIn) document.title = t('console.title');
  }, [loggedIn, t]);
  if (!token) return <LoginPage />;
  if (me.isLoading) return <Spin style={{ margin: 64 }} />;
  if (!me.data) return <LoginPage />;
  return (
    <StaffContext.Provider value={me.data}>
      <RouterProvider router={router} />
    </StaffContext.Provider>
  );
}
