import { useState } from 'react';
import { Alert, Button, Card, Image, InputNumber, Radio, Space, Table, message } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EDUCATION_LEVELS } from '@portal/contract/enums';
import { REPRINT_MAX_QTY, REPRINT_MIN_QTY, fenToYuan, reprintTotalFen } from '@portal/contract/prices';
import type { WashStudentRow } from '@portal/contract/reprint';
import { QueryState } from '../../../components/query-state.tsx';
import { pick } from '../../../lib/i18n.ts';
import { createWashOrder, useCheckStatus, useWashStudent } from '../api.ts';
import { ReprintNotes } from '../components/reprint-notes.tsx';

/** /developFilms: the bound student's photos on file, quantity 1-100 and the disc option; create -> /developOrder. */
export default function DevelopFilmsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const status = useCheckStatus();
  const student = useWashStudent();
  const rows = student.data ?? [];
  const [selected, setSelected] = useState<string | null>(null);
  const [num, setNum] = useState<number | null>(1);
  const [dist, setDist] = useState(0);
  const [busy, setBusy] = useState(false);
  const rowId = selected ?? rows[0]?.id ?? null;
  const total = fenToYuan(reprintTotalFen(num ?? 0, dist === 1));

  const create = async () => {
    if (!rowId) return void message.error(t('msg.reprint.rowRequired'), 1);
    if (!num || num < REPRINT_MIN_QTY || num > REPRINT_MAX_QTY) return void message.error(t('msg.reprint.quantity'), 1);
    setBusy(true);
    try {
      const id = await createWashOrder({ dist, num, thirdStudentId: rowId });
      navigate(`/developOrder?id=${id}`);
    } catch {
      // toast shown by the client
    } finally {
      setBusy(false);
    }
  };

  const blocked = status.data !== undefined && status.data !== 1;
  return (
    <Card>
      <h1 style={{ fontSize: 22 }}>{t('reprint.films.title')}</h1>
      <ReprintNotes />
      <QueryState
        loading={status.isLoading || student.isLoading}
        error={status.error ?? student.error}
        onRetry={() => void student.refetch()}
      >
        {blocked ? (
          <Alert
            type="warning"
            showIcon
            message={status.data === 2 ? t('reprint.films.pending') : t('reprint.films.notBound')}
            action={
              <Link to={status.data === 2 ? '/untiedId' : '/newId'}>
                <Button>{status.data === 2 ? t('reprint.untied.title') : t('reprint.untied.goBind')}</Button>
              </Link>
            }
          />
        ) : (
          <QueryState loading={false} empty={rows.length === 0}>
            <Table<WashStudentRow>
              rowKey="id"
              pagination={false}
              dataSource={rows}
              rowSelection={{
                type: 'radio',
                selectedRowKeys: rowId ? [rowId] : [],
                onChange: (keys) => setSelected(String(keys[0])),
              }}
              columns={[
                {
                  title: t('reprint.films.photo'),
                  dataIndex: 'picUrl',
                  render: (url: string | null) =>
                    url ? <Image src={url} width={72} alt={t('reprint.films.photo')} /> : '—',
                },
                { title: t('reprint.films.school'), dataIndex: 'schoolName' },
                { title: t('reprint.order.studentId'), dataIndex: 'studentId' },
                { title: t('reprint.films.xlcc'), dataIndex: 'xlcc', render: (x: number) => pick(EDUCATION_LEVELS[x]) },
                { title: t('reprint.films.photoNum'), dataIndex: 'photo_num' },
                {
                  title: t('reprint.films.quantity'),
                  key: 'num',
                  render: (_: unknown, r: WashStudentRow) =>
                    r.id === rowId ? (
                      <InputNumber
                        aria-label={t('reprint.films.quantity')}
                        min={REPRINT_MIN_QTY}
                        max={REPRINT_MAX_QTY}
                        precision={0}
                        value={num}
                        onChange={(v) => setNum(v)}
                      />
                    ) : null,
                },
                {
                  title: t('reprint.films.disc'),
                  key: 'dist',
                  render: (_: unknown, r: WashStudentRow) =>
                    r.id === rowId ? (
                      <Radio.Group
                        aria-label={t('reprint.films.disc')}
                        value={dist}
                        onChange={(e) => setDist(Number(e.target.value))}
                      >
                        <Radio value={0}>{t('reprint.films.discNone')}</Radio>
                        <Radio value={1}>{t('reprint.films.discBurn')}</Radio>
                      </Radio.Group>
                    ) : null,
                },
              ]}
            />
            <Space style={{ marginTop: 16, justifyContent: 'space-between', width: '100%' }} wrap>
              <Link to="/untiedId">{t('reprint.films.unbind')}</Link>
              <Space>
                <strong data-testid="films-total">{t('reprint.films.total', { total })}</strong>
                <Button type="primary" loading={busy} onClick={create}>
                  {t('reprint.films.create')}
                </Button>
              </Space>
            </Space>
          </QueryState>
        )}
      </QueryState>
    </Card>
  );
}
