import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Input, List, Modal, Radio, Space, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REJECT_REASONS, type Person } from '@portal/contract/console';
import { pick } from '../../../lib/i18n.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { fetchReviewQueue, transition } from '../api.ts';
import { failingItems } from '@portal/contract/check-items';
import { KindText, StaffPhoto, when } from '../ui.tsx';
import { yuanLabel } from '@portal/contract/prices';

/** The photo review queue: A approve, R reject, J / K next and previous. */
export default function ReviewPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [index, setIndex] = useState(0);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState<string>(REJECT_REASONS[0].zh);
  const [typed, setTyped] = useState('');
  const q = useQuery({
    queryKey: ['console', 'review'],
    queryFn: () => fetchReviewQueue(50),
  });
  const rows = q.data?.rows ?? [];
  const current = rows[Math.min(index, rows.length - 1)];
  const act = useMutation({
    mutationFn: (v: { action: 'approve' | 'reject'; reason?: string }) =>
      transition({
        ids: [current.order.id],
        // The server refuses the decision if the student changed a photo after it was shown here.
        seenPhotoIds: current.persons.flatMap((p) => (p.photo ? [p.photo.id] : [])),
        ...v,
      }),
    onSuccess: () => {
      setRejecting(false);
      setTyped('');
      void qc.invalidateQueries({ queryKey: ['console'] });
    },
    onError: () => void qc.invalidateQueries({ queryKey: ['console', 'review'] }),
  });
  const reject = () => act.mutate({ action: 'reject', reason: reason === 'other' ? typed.trim() : reason });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement;
      if (
        rejecting ||
        !current ||
        el.closest('input, textarea, [contenteditable="true"], [role="dialog"]') ||
        e.ctrlKey ||
        e.metaKey ||
        e.altKey
      )
        return;
      const k = e.key.toLowerCase();
      if (k === 'j') setIndex((i) => Math.min(i + 1, rows.length - 1));
      else if (k === 'k') setIndex((i) => Math.max(i - 1, 0));
      else if (k === 'a' && !act.isPending) act.mutate({ action: 'approve' });
      else if (k === 'r') setRejecting(true);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [rejecting, current, rows.length, act]);

  return (
    <section>
      <Typography.Title level={2}>{t('console.menu.review')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('console.review.keys')}</Typography.Paragraph>
      <QueryState loading={q.isLoading} error={q.error} empty={!rows.length} onRetry={() => void q.refetch()}>
        {current && (
          <div style={{ display: 'grid', gridTemplateColumns: '260px 1fr', gap: 16 }}>
            <List
              bordered
              size="small"
              header={t('console.review.waiting', { count: q.data?.total ?? 0 })}
              dataSource={rows}
              renderItem={(r, i) => (
                <List.Item
                  onClick={() => setIndex(i)}
                  style={{ cursor: 'pointer', background: r === current ? '#e6f4ff' : undefined }}
                  aria-current={r === current}
                >
                  <div>
                    <div>{r.order.orderNo}</div>
                    <small>
                      {r.order.names} · {when(r.waitingSince)}
                    </small>
                    {r.persons.some((p) => p.photo?.autoCorrected) && (
                      <div>
                        <Tag color="blue">{t('console.review.autoCorrected')}</Tag>
                      </div>
                    )}
                  </div>
                </List.Item>
              )}
            />
            <Card
              title={`${current.order.orderNo} · ${current.order.names}`}
              extra={
                <Space>
                  <Button type="primary" onClick={() => act.mutate({ action: 'approve' })} loading={act.isPending}>
                    {t('console.review.approve')} (A)
                  </Button>
                  <Button danger onClick={() => setRejecting(true)}>
                    {t('console.review.reject')} (R)
                  </Button>
                </Space>
              }
            >
              <Descriptions size="small" column={3}>
                <Descriptions.Item label={t('console.col.kind')}>
                  <KindText kind={current.order.kind} />
                </Descriptions.Item>
                <Descriptions.Item label={t('console.col.amount')}>
                  {yuanLabel(current.order.totalFen)}
                </Descriptions.Item>
                <Descriptions.Item label={t('console.col.school')}>{current.order.schoolName ?? '—'}</Descriptions.Item>
              </Descriptions>
              {current.persons.map((p) => (
                <PersonReview key={p.id} person={p} />
              ))}
            </Card>
          </div>
        )}
      </QueryState>
      <Modal
        open={rejecting}
        title={t('console.review.rejectTitle')}
        onCancel={() => setRejecting(false)}
        onOk={reject}
        okText={t('console.review.reject')}
        okButtonProps={{ danger: true, disabled: reason === 'other' && !typed.trim() }}
        confirmLoading={act.isPending}
      >
        <Radio.Group
          value={reason}
          onChange={(e) => setReason(e.target.value as string)}
          style={{ display: 'grid', gap: 8 }}
          aria-label={t('console.col.reason')}
        >
          {REJECT_REASONS.map((r) => (
            <Radio key={r.zh} value={r.zh}>
              {pick(r)}
            </Radio>
          ))}
          <Radio value="other">{t('console.review.other')}</Radio>
        </Radio.Group>
        {reason === 'other' && (
          <Input.TextArea
            aria-label={t('console.review.typedReason')}
            style={{ marginTop: 8 }}
            value={typed}
            maxLength={200}
            onChange={(e) => setTyped(e.target.value)}
            autoFocus
          />
        )}
      </Modal>
    </section>
  );
}

function PersonReview({ person }: { person: Person }) {
  const { t } = useTranslation();
  const failed = failingItems(person.photo?.checkResult);
  const [original, setOriginal] = useState(false);
  return (
    <Card
      type="inner"
      size="small"
      title={[person.name, person.idNumMask, person.studentId, person.schoolName].filter(Boolean).join(' · ')}
      style={{ marginTop: 12 }}
    >
      <Space align="start" size="large" wrap>
        <figure style={{ margin: 0 }}>
          <StaffPhoto src={person.photo?.url} alt={t('console.review.photoOf', { name: person.name })} />
          <figcaption>{t('console.review.submitted')}</figcaption>
        </figure>
        {person.compare && (
          <figure style={{ margin: 0 }}>
            <StaffPhoto src={person.compare.url} alt={t(`console.review.compare.${person.compare.source}`)} />
            <figcaption>{t(`console.review.compare.${person.compare.source}`)}</figcaption>
          </figure>
        )}
        <div style={{ minWidth: 240 }}>
          <Typography.Text strong>{t('console.review.check')}</Typography.Text>
          <div style={{ margin: '8px 0' }}>
            {!person.photo ? (
              <Tag>{t('console.noPhoto')}</Tag>
            ) : failed.length === 0 ? (
              <Tag color="green">{t('console.review.checkPassed')}</Tag>
            ) : (
              failed.map((f) => (
                <Tag color="red" key={f}>
                  {t(`console.check.${f}`, { defaultValue: f })}
                </Tag>
              ))
            )}
          </div>
          {person.photo?.autoCorrected && (
            <Space size="small" style={{ marginBottom: 8 }}>
              <Tag color="blue" title={t('console.review.autoCorrectedHint')}>
                {t('console.review.autoCorrected')}
              </Tag>
              <Button size="small" onClick={() => setOriginal(true)}>
                {t('console.review.viewOriginal')}
              </Button>
              <Modal
                open={original}
                title={t('console.review.original')}
                onCancel={() => setOriginal(false)}
                footer={null}
                width={320}
              >
                <Typography.Paragraph type="secondary">{t('console.review.autoCorrectedHint')}</Typography.Paragraph>
                {original && (
                  <StaffPhoto
                    src={`/api/console/photos/${person.photo.id}/original`}
                    alt={t('console.review.original')}
                    width={240}
                  />
                )}
              </Modal>
            </Space>
          )}
          {person.sameFace.length > 0 && (
            <Alert
              type="error"
              style={{ marginBottom: 8 }}
              message={t('console.review.sameFace', {
                names: person.sameFace
                  .map((m) =>
                    m.orderNo ? t('console.review.sameFaceOther', { name: m.name, orderNo: m.orderNo }) : m.name,
                  )
                  .join(t('console.review.listSep')),
              })}
            />
          )}
          {person.compare && (
            <Alert
              type={person.compare.same === false ? 'error' : person.compare.same ? 'success' : 'info'}
              message={
                person.compare.distance === null
                  ? t('console.review.noScore')
                  : t('console.review.score', { distance: person.compare.distance.toFixed(3) }) +
                    ' · ' +
                    t(person.compare.same ? 'console.review.same' : 'console.review.different')
              }
            />
          )}
        </div>
      </Space>
    </Card>
  );
}
