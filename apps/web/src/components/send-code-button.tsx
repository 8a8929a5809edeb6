import { useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../lib/use-countdown.ts';

/** The resend countdown of document 1, section 9. */
export const RESEND_SECONDS = 60;

/**
 * "Get code" with the 60-second countdown; `onSend` answers whether a code went out, or the
 * seconds the server still asks to wait (the countdown then runs from them).
 */
export function SendCodeButton(props: { onSend: () => Promise<boolean | number>; disabled?: boolean }) {
  const { t } = useTranslation();
  const { left, running, start } = useCountdown();
  const [busy, setBusy] = useState(false);
  const click = async () => {
    setBusy(true);
    try {
      const sent = await props.onSend();
      if (typeof sent === 'number') start(sent);
      else if (sent) start(RESEND_SECONDS);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button onClick={() => void click()} disabled={running || props.disabled || busy} style={{ minWidth: 120 }}>
      {running ? t('sendCode.again', { n: left }) : t('sendCode.get')}
    </Button>
  );
}
