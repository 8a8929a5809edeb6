import { lazy, type ComponentType, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { isLoggedIn } from '../../lib/session.ts';
import { PhoneLayout } from './shell/phone-layout.tsx';
import { RequirePhoneMember } from './shell/require-member.tsx';
import { kindOf, PHONE, phonePaths } from './paths.ts';
import { phoneQueryClient } from './query-client.ts';
import { loadMessages } from './phone-messages.ts';

// Each screen is its own chunk: the first load carries the frame and the screen it opens on. A
// screen comes with the contract's messages (phone-messages.ts), but for the login, the order list
// and an order, which show none but through a toast (which loads them).
type Load = () => Promise<{ default: ComponentType }>;
const opening = (load: Load) => {
  const Page = lazy(load);
  return <Page />;
};
const p = (load: Load) => opening(() => Promise.all([load(), loadMessages()]).then(([m]) => m));
const member = (el: ReactNode) => <RequirePhoneMember>{el}</RequirePhoneMember>;

function PhoneStart() {
  return <Navigate to={isLoggedIn() ? phonePaths.orders : phonePaths.login} replace />;
}

export const phoneRoutes: RouteObject[] = [
  {
    path: PHONE,
    element: <PhoneLayout />,
    children: [
      { index: true, element: <PhoneStart /> },
      {
        path: 'login',
        element: opening(() => {
          void import('./auth/phone-captcha.tsx').then((m) => m.prefetchCaptcha());
          return import('./auth/login-page.tsx');
        }),
      },
      { path: 'firstIn', element: member(p(() => import('./auth/first-in-page.tsx'))) },
      { path: 'orders', element: member(opening(() => import('./orders/orders-page.tsx'))) },
      {
        path: 'orders/:id',
        element: member(
          opening(() => {
            // The order is asked for beside the screen's files, not after them (a phone opens on it from a link).
            const id = Number(/\/orders\/(\d+)$/.exec(window.location.pathname)?.[1]);
            const kind = kindOf(new URLSearchParams(window.location.search).get('kind'));
            void import('./api.ts').then((m) => m.prefetchOrder(phoneQueryClient, kind, id || 0));
            return import('./orders/order-page.tsx');
          }),
        ),
      },
      { path: 'orders/:id/fix/:detailId', element: member(p(() => import('./orders/fix-photo-page.tsx'))) },
      { path: 'orders/:id/track', element: member(p(() => import('./orders/track-page.tsx'))) },
      { path: 'orders/:id/refund', element: member(p(() => import('./orders/refund-page.tsx'))) },
      // The phone payment screens (pay/, their own folder): pay an order, and the platform's return.
      { path: 'orders/:orderId/pay', element: member(p(() => import('./pay/pay-page.tsx'))) },
      { path: 'pay/return', element: member(p(() => import('./pay/pay-return-page.tsx'))) },
      { path: 'help', element: p(() => import('./help/help-page.tsx')) },
      { path: 'me', element: member(p(() => import('./auth/me-page.tsx'))) },
      { path: 'desktop', element: p(() => import('./help/desktop-only-page.tsx')) },
      // A new individual order: the wizard (its own chunk, new-order/), from the tab and the empty list.
      { path: 'new', element: member(p(() => import('./new-order/new-order-page.tsx'))) },
      { path: '*', element: <Navigate to={PHONE} replace /> },
    ],
  },
  { path: '*', element: <Navigate to={PHONE} replace /> },
];
