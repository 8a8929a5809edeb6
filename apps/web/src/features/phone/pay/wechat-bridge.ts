import type { JsapiParams } from '@portal/contract/phone-pay';

/** What WeChat's in-app browser puts on the page (documented: WeixinJSBridge.invoke('getBrandWCPayRequest', ...)). */
interface WeixinJSBridge {
  invoke(api: 'getBrandWCPayRequest', params: JsapiParams, callback: (res: { err_msg?: string }) => void): void;
}
declare global {
  interface Window {
    WeixinJSBridge?: WeixinJSBridge;
  }
}

export type BridgeOutcome = 'ok' | 'cancel' | 'fail' | 'absent';

/** Waits for the bridge (it may arrive after the page: the WeixinJSBridgeReady event), up to a few seconds. */
function bridge(waitMs: number): Promise<WeixinJSBridge | null> {
  if (window.WeixinJSBridge) return Promise.resolve(window.WeixinJSBridge);
  return new Promise((resolve) => {
    const done = () => {
      document.removeEventListener('WeixinJSBridgeReady', done);
      clearTimeout(timer);
      resolve(window.WeixinJSBridge ?? null);
    };
    const timer = setTimeout(done, waitMs);
    document.addEventListener('WeixinJSBridgeReady', done);
  });
}

/**
 * Opens WeChat's pay sheet. 'ok' means only that the payer finished in WeChat: the order is paid when
 * WeChat Pay's signed notification (or the server's query) says so, which the return page asks.
 */
export async function payInWechat(params: JsapiParams, waitMs = 3000): Promise<BridgeOutcome> {
  const b = await bridge(waitMs);
  if (!b) return 'absent';
  return new Promise((resolve) => {
    b.invoke('getBrandWCPayRequest', params, (res) => {
      const msg = res.err_msg ?? '';
      resolve(msg.endsWith(':ok') ? 'ok' : msg.endsWith(':cancel') ? 'cancel' : 'fail');
    });
  });
}
