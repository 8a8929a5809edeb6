import { Toast, unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';
import { setToaster } from '../../lib/api/toaster.ts';

// antd-mobile's imperative toasts and dialogs render through this on React 19 (no ReactDOM.render).
unstableSetRender((node, container) => {
  const c = container as (Element | DocumentFragment) & { phoneRoot?: Root };
  c.phoneRoot ??= createRoot(c);
  c.phoneRoot.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    c.phoneRoot?.unmount();
    c.phoneRoot = undefined;
  };
});

/** The API core's red toast on the phone: antd-mobile's Toast, for the same second. */
setToaster((content, seconds) => {
  Toast.show({ content, icon: 'fail', duration: seconds * 1000 });
});

export const toastOk = (content: string) => Toast.show({ content, icon: 'success', duration: 1000 });
export const toastFail = (content: string) => Toast.show({ content, icon: 'fail', duration: 1000 });
