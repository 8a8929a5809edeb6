import { useEffect, useState } from 'react';
import { Image, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { ORDER_STATE_TEXT, type OrderState } from '@portal/contract/order-states';
import { formatChinaTime } from '@portal/contract/time-format';
import { pick } from '../../lib/i18n.ts';
import { fetchStaffImage } from './console-api.ts';

export const when = (iso: string | null | undefined) => (iso ? formatChinaTime(iso) : '—');

const STATE_COLOURS: Record<number, string> = {
  110: 'default',
  115: 'gold',
  116: 'gold',
  120: 'blue',
  125: 'red',
  130: 'cyan',
  140: 'purple',
  145: 'green',
  150: 'default',
};
export function StateTag({ state }: { state: number }) {
  return <Tag color={STATE_COLOURS[state]}>{pick(ORDER_STATE_TEXT[state as OrderState]) || state}</Tag>;
}

/**
 * A cell text kept to one line: cut with an ellipsis when the column is narrow, the whole
 * text in a tooltip (and to screen readers), so a table fits the screen instead of wrapping.
 */
const CLIP = { display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;
export function Clip({ text }: { text: string }) {
  return (
    <Tooltip title={text} placement="topLeft">
      <span tabIndex={0} style={CLIP}>
        {text}
      </span>
    </Tooltip>
  );
}

export function KindText({ kind }: { kind: string }) {
  const { t } = useTranslation();
  return <>{t(`console.kind.${kind}`)}</>;
}

/** A staff-only photo: fetched with the staff token. */
export function StaffPhoto({ src, alt, width = 150 }: { src: string | null | undefined; alt: string; width?: number }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let gone = false;
    let made: string | null = null;
    if (src)
      void fetchStaffImage(src).then((u) => {
        made = u;
        if (gone) return;
        if (u) setUrl(u);
        else setFailed(true);
      });
    return () => {
      gone = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [src]);
  if (!src || failed)
    return (
      <div
        style={{
          width,
          height: (width * 4) / 3,
          background: '#f5f5f5',
          display: 'grid',
          placeItems: 'center',
          color: '#999',
        }}
      >
        {t('console.noPhoto')}
      </div>
    );
  return url ? (
    <Image src={url} alt={alt} width={width} />
  ) : (
    <div style={{ width, height: (width * 4) / 3, background: '#fafafa' }} />
  );
}
