import type { ReactNode } from 'react';
import { setToaster } from '../../lib/api/toaster.ts';

/**
 * Toasts on the phone: antd-mobile's Toast, loaded with the first toast so that the first load
 * does not carry it (nor its animation library).
 */
const load = () => Promise.all([import('antd-mobile/es/components/toast'), import('./phone-render.ts')]);
const show = (content: ReactNode, icon: 'success' | 'fail', seconds = 1) =>
  void load().then(([{ default: Toast }]) => Toast.show({ content, icon, duration: seconds * 1000 }));

// The API core's red toast: the server's message for the same second as on the desktop.
setToaster((content, seconds) => show(content, 'fail', seconds));

export const toastOk = (content: string) => show(content, 'success');
export const toastFail = (content: string) => show(content, 'fail');
