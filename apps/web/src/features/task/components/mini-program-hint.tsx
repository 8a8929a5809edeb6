import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { pick } from '../../../lib/i18n.ts';
import type { PublicSettings } from '@portal/contract/settings';

/**
 * Past the web deadline: the server's message, then which mini-programme and how to open it
 * (search its name in WeChat, or scan its code where the settings give one).
 */
export function MiniProgramHint(props: { msg: string; settings: PublicSettings | undefined }) {
  const { t } = useTranslation();
  const mini = props.settings?.miniProgram;
  return (
    <div data-testid="mini-program-hint">
      <p>{props.msg}</p>
      {mini && (
        <>
          <p>
            {t('task.mini.search', { name: pick(mini.name) })}{' '}
            <Typography.Text strong copyable>
              {pick(mini.name)}
            </Typography.Text>
          </p>
          {mini.qrUrl && (
            <figure style={{ margin: 0, textAlign: 'center' }}>
              <img src={mini.qrUrl} alt={t('task.mini.qrAlt', { name: pick(mini.name) })} width={160} height={160} />
              <figcaption>{t('task.mini.scan')}</figcaption>
            </figure>
          )}
        </>
      )}
    </div>
  );
}
