import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { EXTRA_ITEMS, photoProblems, type PhotoCheck } from '@portal/contract/photos';

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
    rows.push({
      key: k,
      item: t(`photos.item.${k}`),
      result: `${s.value} px`,
      range: `${s.min}-${s.max} px`,
      pass: s.result,
    });
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
  for (const k of EXTRA_ITEMS) {
    const s = check[k];
    if (!s) continue;
    const unit = t(`photos.unit.${k}`);
    const range =
      s.max >= 1e5
        ? `≥ ${s.min}${unit}`
        : s.min <= 0 && k !== 'yaw'
          ? `≤ ${s.max}${unit}`
          : `${s.min} – ${s.max}${unit}`;
    rows.push({ key: k, item: t(`photos.item.${k}`), result: `${s.value}${unit}`, range, pass: s.result });
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

/** What is wrong, in plain words, the main problem first (the server's list, or the same rule here for an older answer). */
export function ProblemList({ check }: { check: PhotoCheck }) {
  const { t } = useTranslation();
  const problems = check.problems ?? photoProblems(check);
  return (
    <ul aria-label={t('photos.problems')} style={{ paddingLeft: 20, margin: 0 }}>
      {problems.map((p, i) => (
        <li key={p} style={{ fontWeight: i === 0 ? 600 : 400, marginBottom: 4 }}>
          {t(`msg.photo.problem.${p}`)}
        </li>
      ))}
    </ul>
  );
}
