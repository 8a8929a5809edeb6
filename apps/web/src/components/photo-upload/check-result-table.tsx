import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PhotoCheck } from '@portal/contract/photos';

/** The check object of a rejected photo (document 2, section 3), from the contract. */
export type { PhotoCheck };

interface Row {
  key: string;
  item: string;
  result: string;
  range: string;
  pass: boolean;
}

export function isPhotoCheck(d: unknown): d is PhotoCheck {
  return !!d && typeof d === 'object' && 'topSide' in d && 'eyeAngle' in d;
}

/** Item, result, standard range and pass/fail for each item of the photo check. */
export function CheckResultTable({ check }: { check: PhotoCheck }) {
  const { t } = useTranslation();
  const rows: Row[] = [];
  for (const k of ['topSide', 'eyeSide', 'leftSide', 'rightSide', 'chinSide'] as const) {
    const s = check[k];
    rows.push({ key: k, item: t(`photos.item.${k}`), result: `${s.value} px`, range: `${s.min}-${s.max} px`, pass: s.result });
  }
  rows.push({
    key: 'eyeAngle',
    item: t('photos.item.eyeAngle'),
    result: `${check.eyeAngle.angle}°`,
    range: `≤ ${check.eyeAngle.config_angle}°`,
    pass: Math.abs(check.eyeAngle.angle) <= check.eyeAngle.config_angle,
  });
  for (const k of ['definition', 'blackSide', 'background', 'backgroundout', 'topComplete'] as const) {
    rows.push({
      key: k,
      item: t(`photos.item.${k}`),
      result: check[k] ? t('photos.flag.ok') : t('photos.flag.bad'),
      range: t(`photos.range.${k}`),
      pass: check[k],
    });
  }
  return (
    <Table<Row>
      size="small"
      pagination={false}
      rowKey="key"
      dataSource={rows}
      columns={[
        { title: t('photos.col.item'), dataIndex: 'item' },
        { title: t('photos.col.result'), dataIndex: 'result' },
        { title: t('photos.col.range'), dataIndex: 'range' },
        {
          title: t('photos.col.pass'),
          dataIndex: 'pass',
          render: (p: boolean) => <Tag color={p ? 'success' : 'error'}>{p ? t('photos.pass') : t('photos.fail')}</Tag>,
        },
      ]}
    />
  );
}
