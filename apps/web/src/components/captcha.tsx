import { useCallback, useEffect, useState } from 'react';
import { Form, Input, Space, Spin, message } from 'antd';
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { PATTERNS } from '@portal/contract/validation';
import { apiGet } from '../lib/api/client.ts';
import { ApiError } from '../lib/api/core.ts';

/**
 * An image captcha from GET /api/login/getImageCode; refresh after every failure. One solved
 * captcha pays for one code (the server refuses a second): `spent` says this one already has.
 */
function useCaptcha() {
  const [cap, setCap] = useState<{ imageCodeToken: string; imageCode: string } | null>(null);
  const [spentToken, setSpentToken] = useState('');
  const refresh = useCallback(async () => {
    try {
      setCap(await apiGet('/api/login/getImageCode', { silent: true }));
    } catch {
      setCap(null);
    }
  }, []);
  useEffect(() => {
    void refresh();
  }, [refresh]);
  const token = cap?.imageCodeToken ?? '';
  return {
    token,
    image: cap?.imageCode ?? '',
    refresh,
    spent: !!token && spentToken === token,
    markSpent: () => setSpentToken(token),
  };
}

type Captcha = ReturnType<typeof useCaptcha>;

/**
 * The captcha of a form with an `imageCode` field: `renew` draws a new picture and empties the
 * field (after any failure, or once a picture has paid for its code); `answer` is captchaAnswer
 * for this form, telling the user with a short toast; `sendCode` asks for a code it pays for.
 */
export function useFormCaptcha(form: FormInstance) {
  const { t } = useTranslation();
  const captcha = useCaptcha();
  const renew = () => {
    form.setFieldValue('imageCode', '');
    void captcha.refresh();
  };
  const answer = (needKey: string) => captchaAnswer(form, captcha, t, (m) => void message.error(m, 1), needKey, renew);
  /**
   * Reads the answer (`needKey` names what is missing), then `request` with it; says "sent" and
   * answers whether a code went out. The picture has then paid: with `keep` (a form whose submit
   * still sends it: login, new mobile) it is marked spent, otherwise a new one is drawn. A refusal,
   * shown by the client, draws a new picture after `onRefused`; a refusal that names the seconds
   * still to wait (code.tooSoon) answers them, for the button's countdown.
   */
  const sendCode = async (
    needKey: string,
    request: (imageCode: string, imageToken: string) => Promise<unknown>,
    opts: { keep?: boolean; onRefused?: () => void } = {},
  ) => {
    const imageCode = answer(needKey);
    if (!imageCode) return false;
    try {
      await request(imageCode, captcha.token);
    } catch (e) {
      opts.onRefused?.();
      renew();
      return waitSecondsOf(e) ?? false;
    }
    if (opts.keep) captcha.markSpent();
    void message.success(t('msg.code.sent'), 1);
    if (!opts.keep) renew();
    return true;
  };
  return { ...captcha, renew, answer, sendCode };
}

/** The seconds a "too soon" refusal asks to wait, from its answer's data. */
export function waitSecondsOf(e: unknown): number | undefined {
  if (!(e instanceof ApiError)) return undefined;
  const w = (e.data as { waitSeconds?: unknown } | null)?.waitSeconds;
  return typeof w === 'number' && w > 0 ? w : undefined;
}

export type FormCaptcha = ReturnType<typeof useFormCaptcha>;

/** The picture's size: the server draws the captcha as a JPEG of 160 × 50 pixels, shown 1:1. */
const CAPTCHA_SIZE = { width: 160, height: 50 };

/** The drawn captcha (a JPEG data URL); clicking it (or Enter on it) draws a new one. */
function CaptchaImage(props: { image: string; onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="captcha-image"
      onClick={props.onRefresh}
      title={t('captcha.refresh')}
      aria-label={t('captcha.refresh')}
    >
      {props.image ? <img src={props.image} alt={t('captcha.alt')} {...CAPTCHA_SIZE} /> : <Spin size="small" />}
    </button>
  );
}

/**
 * The labelled image-code field (form field `imageCode`) beside its picture. By default for a form
 * whose captcha pays only for the code: it is read when the code is sent (captchaAnswer), not on
 * submit. A form that also submits the answer passes `rules` that require it.
 */
export function CaptchaField(props: {
  captcha: Pick<FormCaptcha, 'image' | 'renew'>;
  label: string;
  placeholder?: string;
  rules?: Rule[];
}) {
  const { t } = useTranslation();
  return (
    <Form.Item label={props.label} required={!!props.rules}>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item
          name="imageCode"
          noStyle
          rules={props.rules ?? [{ pattern: PATTERNS.imageCode, message: t('msg.imageCode.invalid') }]}
        >
          <Input maxLength={4} autoComplete="off" placeholder={props.placeholder} aria-label={props.label} />
        </Form.Item>
        <CaptchaImage image={props.captcha.image} onRefresh={props.captcha.renew} />
      </Space.Compact>
    </Form.Item>
  );
}

/**
 * Reads the image code of a form before a code is sent: the answer, or null after telling the
 * user what is missing (`needKey`: the contract message naming the fields), or that a new picture
 * must be solved because this one already paid for a code.
 */
function captchaAnswer(
  form: FormInstance,
  captcha: Captcha,
  t: (k: string) => string,
  error: (text: string) => void,
  needKey: string,
  onNew: () => void,
): string | null {
  const answer = String(form.getFieldValue('imageCode') ?? '').trim();
  if (!answer) {
    error(t(needKey));
    return null;
  }
  if (captcha.spent) {
    onNew();
    error(t('captcha.solveNew'));
    return null;
  }
  return answer;
}
