import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { addLocales } from '../lib/i18n-core.ts';
import { usePageTitle } from '../lib/page-title.ts';
import titles from '../locales/titles.ts';

addLocales(titles);

type TitleKey = keyof (typeof titles)['zh'];

/** Each desktop route's tab title (router.tsx's paths; a path with a parameter by its stem). */
const TITLES: Record<string, TitleKey> = {
  '/home': 'title.home',
  '/bannercontent': 'title.bannerContent',
  '/home/newslist': 'title.newsList',
  '/home/newslist/newsdetails': 'title.newsDetails',
  '/home/collectioncenter': 'title.collectionCenter',
  '/home/photoguide': 'title.photoGuide',
  '/home/downloadexcel': 'title.downloadExcel',
  '/home/helpcenter': 'title.helpCenter',
  '/home/staticv': 'title.staticV',
  '/login': 'title.login',
  '/selectstudent': 'title.selectStudent',
  '/loading': 'title.loading',
  '/home/collectfirst': 'title.collectFirst',
  '/home/upimg': 'title.uploadPhoto',
  '/home/orderinfocai': 'title.orderInfo',
  '/home/confirmordercai': 'title.confirmOrder',
  '/home/payordercai': 'title.payOrder',
  '/home/orderdetailcai': 'title.orderDetails',
  '/home/submitphoto/uploadphoto': 'title.uploadPhoto',
  '/home/submitphoto/orderinfo': 'title.orderInfo',
  '/home/submitphoto/confirmationorder': 'title.confirmOrder',
  '/home/submitphoto/completionpayment': 'title.payOrder',
  '/home/submitphoto/pay': 'title.payResult',
  '/home/ordermodify': 'title.orderModify',
  '/home/ordermodifyjiami': 'title.orderModify',
  '/home/myorder': 'title.myOrder',
  '/home/myordercai': 'title.myOrderCai',
  '/home/myrolloder': 'title.myRollOder',
  '/home/orderdetails': 'title.orderDetails',
  '/home/information': 'title.logistics',
  '/home/logistics': 'title.logistics',
  '/personalinf': 'title.personalInf',
  '/home/messages': 'title.messages',
  '/accountnum': 'title.accountNum',
  '/chanemali': 'title.chanEmali',
  '/deluser': 'title.delUser',
  '/firstin': 'title.firstIn',
  '/newid': 'title.newId',
  '/untiedid': 'title.untiedId',
  '/developfilms': 'title.developFilms',
  '/developorder': 'title.developOrder',
  '/developinfo': 'title.developOrder',
  '/developconfirm': 'title.developConfirm',
  '/developmodify': 'title.developModify',
};
/** Paths that take a parameter after their stem (/home/helpCenter/:type). */
const WITH_PARAM = ['/home/newslist/newsdetails', '/home/helpcenter', '/home/staticv'];

/** The title key of a desktop path; the not-found title for a path no route has; null for the phone portal's. */
export function titleKeyFor(pathname: string): TitleKey | null {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/home';
  if (path === '/index') return 'title.home';
  if (path === '/phonemodify' || path.startsWith('/phonemodify/')) return null;
  const own = TITLES[path];
  if (own) return own;
  const stem = WITH_PARAM.find((s) => path.startsWith(`${s}/`) && !path.slice(s.length + 1).includes('/'));
  return stem ? TITLES[stem]! : 'title.notFound';
}

/** Sets the tab's title from the current route, in the current language (used once, by the router's root). */
export function useRouteTitle() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const key = titleKeyFor(pathname);
  usePageTitle(key ? t(key) : null, t('common.siteName'));
}
