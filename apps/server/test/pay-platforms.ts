import { AlipayPage } from '../src/providers/pay/alipay.ts';
import {
  AlipayPlatform,
  keyPair,
  PlatformGateway,
  WechatPlatform,
} from '../src/providers/pay/platform-gateway.testkit.ts';
import { WechatPayV3 } from '../src/providers/pay/wechat-v3.ts';

/** The merchant's and the app's ids at the platforms, as the tests' settings name them. */
export const MCH = '1900000001';
export const APPID = 'wx0000000000000001';
export const ALI_APP = '2021000000000001';
/** The official account bound to the merchant: JSAPI orders (inside WeChat) name it. */
export const MP_APPID = 'wx00000000000000mp';

/**
 * The merchant's keys and both platforms (WeChat Pay, Alipay) behind one in-process gateway;
 * `adapters()` builds the real adapters pointed at the gateway once it has started.
 */
export function platformsBehindGateway(apiV3Key: string) {
  const merchant = keyPair();
  const appKeys = keyPair();
  const wx = new WechatPlatform(merchant.publicPem, apiV3Key);
  const ali = new AlipayPlatform();
  const gateway = new PlatformGateway(wx, ali);
  const adapters = () => ({
    wechat: new WechatPayV3({
      mchId: MCH,
      appId: APPID,
      serialNo: 'MCHSERIAL01',
      privateKey: merchant.privatePem,
      apiV3Key,
      platformPublicKey: wx.platform.publicPem,
      platformPublicKeyId: wx.keyId,
      baseUrl: gateway.url,
      mpAppId: MP_APPID,
    }),
    alipay: new AlipayPage({
      appId: ALI_APP,
      privateKey: appKeys.privatePem,
      alipayPublicKey: ali.alipay.publicPem,
      gateway: `${gateway.url}/gateway.do`,
      timeoutMs: 1500,
    }),
  });
  return { merchant, appKeys, wx, ali, gateway, adapters };
}

/** The settings of a real WeChat Pay merchant (PAY_PROVIDER=real) with a fresh key pair. */
export function realWechatPayEnv() {
  const wx = keyPair();
  return {
    PAY_PROVIDER: 'real',
    WXPAY_MCH_ID: MCH,
    WXPAY_APP_ID: APPID,
    WXPAY_SERIAL_NO: 'S1',
    WXPAY_PRIVATE_KEY: wx.privatePem,
    WXPAY_API_V3_KEY: '0123456789abcdef0123456789abcdef',
    WXPAY_PUBLIC_KEY: wx.publicPem,
    WXPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_1',
  };
}
