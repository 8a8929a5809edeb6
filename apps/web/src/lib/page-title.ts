import { useEffect } from 'react';

/**
 * The browser tab's title: the page's own title, then the site's (`我的订单 - 学生图像采集平台`),
 * in the current language; the site's alone where a page has none.
 */
export function usePageTitle(page: string | null | undefined, site: string) {
  useEffect(() => {
    document.title = page ? `${page} - ${site}` : site;
  }, [page, site]);
}
