import { lazy, type ComponentType, type ReactNode, useEffect } from 'react';
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  ScrollRestoration,
  useLocation,
  useNavigate,
  type RouteObject,
} from 'react-router';
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { MainLayout } from './layouts/main-layout.tsx';
import { ConfineIncomplete, isPhonePortalPath, isPhoneUserAgent, RequireMember, ToPhonePortal } from './guards.tsx';
import { setNavigator } from '../lib/navigation.ts';
import { useRouteTitle } from './page-titles.ts';

// Every screen is its own chunk, so the home route loads only what it shows.
const p = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return <Page />;
};
const member = (el: ReactNode) => <RequireMember>{el}</RequireMember>;

// Created once: a lazy() made during render would suspend again on every render.
const HomePageLazy = lazy(() => import('../features/home/pages/home-page.tsx'));
const HomePage = () => <HomePageLazy />;

/**
 * Phone user agents always go to /phoneModify (its child paths too are theirs); the API client
 * navigates through the router.
 * Every new page starts at the top; back and forward restore where the reader was.
 */
function Root() {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => setNavigator((to, o) => navigate(to, o)), [navigate]);
  // Each page's own tab title, in the current language.
  useRouteTitle();
  if (isPhoneUserAgent() && !isPhonePortalPath(location.pathname)) return <ToPhonePortal />;
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

function NotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('common.notFound')}
      extra={<Button onClick={() => navigate('/home')}>{t('common.backHome')}</Button>}
    />
  );
}

const layoutRoutes: RouteObject[] = [
  { path: '/home', element: <HomePage /> },
  { path: '/bannerContent', element: p(() => import('../features/home/pages/banner-content-page.tsx')) },
  { path: '/home/newsList', element: p(() => import('../features/content/pages/news-list-page.tsx')) },
  { path: '/home/newsList/newsDetails', element: p(() => import('../features/content/pages/news-detail-page.tsx')) },
  {
    path: '/home/newsList/newsDetails/:id',
    element: p(() => import('../features/content/pages/news-detail-page.tsx')),
  },
  { path: '/home/collectionCenter', element: p(() => import('../features/content/pages/collection-center-page.tsx')) },
  { path: '/home/photoGuide', element: p(() => import('../features/photos/pages/photo-guide-page.tsx')) },
  { path: '/home/downloadExcel', element: p(() => import('../features/content/pages/download-excel-page.tsx')) },
  { path: '/home/helpCenter', element: p(() => import('../features/content/pages/help-center-page.tsx')) },
  { path: '/home/helpCenter/:type', element: p(() => import('../features/content/pages/help-center-page.tsx')) },
  { path: '/home/staticV', element: p(() => import('../features/content/pages/static-page.tsx')) },
  { path: '/home/staticV/:type', element: p(() => import('../features/content/pages/static-page.tsx')) },
  { path: '/login', element: p(() => import('../features/auth/pages/login-page.tsx')) },
  { path: '/selectStudent', element: p(() => import('../features/auth/pages/select-student-page.tsx')) },
  { path: '/loading', element: p(() => import('../features/auth/pages/loading-page.tsx')) },
  // Centralised collection: public per the route table.
  { path: '/home/collectFirst', element: p(() => import('../features/task/pages/collect-first-page.tsx')) },
  { path: '/home/upImg', element: p(() => import('../features/task/pages/up-img-page.tsx')) },
  { path: '/home/orderInfoCai', element: p(() => import('../features/task/pages/order-info-cai-page.tsx')) },
  { path: '/home/confirmOrderCai', element: p(() => import('../features/task/pages/confirm-order-cai-page.tsx')) },
  { path: '/home/ConfirmOrderCai', element: p(() => import('../features/task/pages/confirm-order-cai-page.tsx')) },
  { path: '/home/payOrderCai', element: p(() => import('../features/task/pages/pay-order-cai-page.tsx')) },
  { path: '/home/orderDetailCai', element: p(() => import('../features/task/pages/order-detail-cai-page.tsx')) },
  // Individual submission wizard.
  {
    path: '/home/submitPhoto',
    element: member(<Outlet />),
    children: [
      { index: true, element: <Navigate to="uploadPhoto" replace /> },
      { path: 'uploadPhoto', element: p(() => import('../features/orders/pages/upload-photo-page.tsx')) },
      { path: 'orderInfo', element: p(() => import('../features/orders/pages/order-info-page.tsx')) },
      { path: 'confirmationOrder', element: p(() => import('../features/orders/pages/confirmation-order-page.tsx')) },
      { path: 'completionPayment', element: p(() => import('../features/payments/pages/completion-payment-page.tsx')) },
      { path: 'pay', element: p(() => import('../features/payments/pages/pay-success-page.tsx')) },
    ],
  },
  { path: '/home/orderModify', element: member(p(() => import('../features/orders/pages/order-modify-page.tsx'))) },
  {
    path: '/home/orderModifyjiami',
    element: member(p(() => import('../features/orders/pages/order-modify-page.tsx'))),
  },
  { path: '/home/myOrder', element: member(p(() => import('../features/orders/pages/my-order-page.tsx'))) },
  { path: '/home/myOrderCai', element: member(p(() => import('../features/task/pages/my-order-cai-page.tsx'))) },
  { path: '/home/myRollOder', element: member(p(() => import('../features/reprint/pages/my-roll-order-page.tsx'))) },
  { path: '/home/orderDetails', element: member(p(() => import('../features/orders/pages/order-details-page.tsx'))) },
  { path: '/home/information', element: member(p(() => import('../features/logistics/pages/logistics-page.tsx'))) },
  { path: '/home/logistics', element: member(p(() => import('../features/logistics/pages/logistics-page.tsx'))) },
  { path: '/personalInf', element: member(p(() => import('../features/account/pages/personal-inf-page.tsx'))) },
  { path: '/home/messages', element: member(p(() => import('../components/notice-bell/messages-page.tsx'))) },
  { path: '/accountNum', element: member(p(() => import('../features/account/pages/account-num-page.tsx'))) },
  { path: '/chanEmali', element: member(p(() => import('../features/account/pages/chan-email-page.tsx'))) },
  { path: '/delUser', element: member(p(() => import('../features/account/pages/del-user-page.tsx'))) },
  { path: '/firstIn', element: member(p(() => import('../features/auth/pages/first-in-page.tsx'))) },
  { path: '/newId', element: member(p(() => import('../features/reprint/pages/new-id-page.tsx'))) },
  { path: '/untiedId', element: member(p(() => import('../features/reprint/pages/untied-id-page.tsx'))) },
  { path: '/developFilms', element: member(p(() => import('../features/reprint/pages/develop-films-page.tsx'))) },
  { path: '/developOrder', element: member(p(() => import('../features/reprint/pages/develop-info-page.tsx'))) },
  { path: '/developInfo', element: member(p(() => import('../features/reprint/pages/develop-info-page.tsx'))) },
  { path: '/developConfirm', element: member(p(() => import('../features/reprint/pages/develop-confirm-page.tsx'))) },
  { path: '/developModify', element: member(p(() => import('../features/reprint/pages/develop-modify-page.tsx'))) },
  { path: '*', element: <NotFound /> },
];

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/', element: <Navigate to="/index" replace /> },
      { path: '/index', element: <Navigate to="/home" replace /> },
      // The phone portal is its own page (phone.html); this route only hands over to it.
      { path: '/phoneModify/*', element: p(() => import('../features/system/pages/phone-modify-page.tsx')) },
      {
        element: (
          <ConfineIncomplete>
            <MainLayout />
          </ConfineIncomplete>
        ),
        children: layoutRoutes,
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
