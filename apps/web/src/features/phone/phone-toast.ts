import { Children, cloneElement, isValidElement, type ReactNode } from 'react';
import { setToaster } from '../../lib/api/toaster.ts';
import { i18n } from '../../lib/i18n-core.ts';
import { loadMessages } from './phone-messages.ts';

/**
 * Toasts on the phone: antd-mobile's Toast, loaded with the first toast so that the first load
 * does not carry it (nor its animation library).
 */
const load = () =>
  Promise.all([import('antd-mobile/es/components/toast'), import('./phone-render.ts'), loadMessages()]);
/** A contract message asked before the messages were there (the API core's signature error) reads as the key: translated now. */
const late = (c: ReactNode): ReactNode =>
  typeof c === 'string' && c.startsWith('msg.')
    ? i18n.t(c)
    : isValidElement<{ children?: ReactNode }>(c) && c.props.children !== undefined
      ? cloneElement(c, undefined, ...Children.toArray(c.props.children).map(late))
      : c;
const show = (content: ReactNode, icon: 'success' | 'fail', seconds = 1) =>
  void load().then(([{ default: Toast }]) => Toast.show({ content: late(content), icon, duration: seconds * 1000 }));

// The API core's red toast: the server's message for the same second as on the desktop.
setToaster((content, seconds) => show(content, 'fail', seconds));

export const toastOk = (content: string) => show(content, 'success');
export const toastFail = (content: string) => show(content, 'fail');
