import { useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Descriptions, List, Space, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REJECT_REASONS } from '@portal/contract/console';
import { ORDER_STATE } from '@portal/contract/order-states';
import { REVIEW_RENEW_SECONDS, type ClaimedOrder, type DecideBody } from '@portal/contract/review';
import { QueryState } from '../../../components/query-state.tsx';
import { claimReview, decideReview } from '../api.ts';
import { KindText, when } from '../ui.tsx';
import { yuanLabel } from '@portal/contract/prices';
import { PersonReview } from './review-person.tsx';
import { RefuseDialog } from './review-refuse-dialog.tsx';
import { ResetPhotoCard } from './review-reset.tsx';

const claimKey = ['console', 'review', 'claim'] as const;
/** Today in Beijing (YYYY-MM-DD), against the promised review day. */
const todayChina = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/** Every person of the batch in order: the cursor J / K moves along. */
const flatten = (rows: ClaimedOrder[]) => rows.flatMap((o) => o.persons.map((p) => ({ order: o, person: p })));
type Target = ReturnType<typeof flatten>[number];

/**
 * The shared review queue: opening it claims a batch for this reviewer (renewed while the page is
 * open), each person's photo is decided on its own, all by keyboard (see review.keys).
 */
export default function ReviewPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [cursor, setCursor] = useState<number | null>(null);
  const [refusing, setRefusing] = useState(false);
  const q = useQuery({
    queryKey: claimKey,
    queryFn: () => claimReview(),
    refetchInterval: REVIEW_RENEW_SECONDS * 1000,
  });
  const rows = useMemo(() => q.data?.rows ?? [], [q.data]);
  const flat = useMemo(() => flatten(rows), [rows]);
  // The cursor follows a person by id across refetches; by default the first undecided one.
  const at = Math.max(
    0,
    flat.findIndex((x) => (cursor === null ? !x.person.decision : x.person.id === cursor)),
  );
  const current = flat[at];
  const move = (step: number) => {
    const next = flat[Math.min(Math.max(at + step, 0), flat.length - 1)];
    if (next) setCursor(next.person.id);
  };

  type Verdict = Pick<DecideBody, 'verdict' | 'reasonIndex' | 'reasonText'>;
  const decide = useMutation({
    mutationFn: ({ target, ...v }: Verdict & { target: Target }) =>
      decideReview({
        orderId: target.order.order.id,
        personId: target.person.id,
        photoId: target.person.photo?.id ?? 0,
        ...v,
      }),
    onSuccess: (res, { target }) => {
      setRefusing(false);
      if (res.pending === 0)
        void message.success(
          t(res.state === ORDER_STATE.TO_BE_MADE ? 'review.orderMoved.approve' : 'review.orderMoved.refuse', {
            orderNo: target.order.order.orderNo,
          }),
        );
      // On to the next person not yet decided after this one.
      const from = flat.findIndex((x) => x.person.id === target.person.id);
      const next = flat.slice(from + 1).find((x) => !x.person.decision);
      setCursor(next ? next.person.id : null);
      void qc.invalidateQueries({ queryKey: claimKey });
    },
    onError: () => void qc.invalidateQueries({ queryKey: claimKey }),
  });
  const blocked = !current || current.order.refundOpen || decide.isPending;

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const el = e.target as HTMLElement;
      if (
        refusing ||
        !current ||
        el.closest('input, textarea, [contenteditable="true"], [role="dialog"]') ||
        e.ctrlKey ||
        e.metaKey ||
        e.altKey
      )
        return;
      const k = e.key.toLowerCase();
      const n = Number(k);
      if (k === 'j' || k === 'arrowdown') move(1);
      else if (k === 'k' || k === 'arrowup') move(-1);
      else if (k === 'a' && !blocked) decide.mutate({ target: current, verdict: 'approve' });
      else if ((k === 'r' || k === '0') && !blocked) setRefusing(true);
      else if (n >= 1 && n <= REJECT_REASONS.length && !blocked)
        decide.mutate({ target: current, verdict: 'refuse', reasonIndex: n - 1 });
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const today = todayChina();
  return (
    <section>
      <Typography.Title level={2}>{t('console.menu.review')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('review.keys')}</Typography.Paragraph>
      <Space style={{ marginBottom: 12 }} wrap>
        <Tag color="blue">{t('review.waiting', { count: q.data?.waiting ?? 0 })}</Tag>
        {q.data?.expiresAt && (
          <Typography.Text>{t('review.claimUntil', { time: when(q.data.expiresAt) })}</Typography.Text>
        )}
        <Button onClick={() => void q.refetch()} loading={q.isFetching}>
          {t('review.claimMore')}
        </Button>
      </Space>
      <QueryState loading={q.isLoading} error={q.error} onRetry={() => void q.refetch()}>
        <div style={{ display: 'grid', gridTemplateColumns: '280px 1fr', gap: 16 }}>
          <div>
            <List
              bordered
              size="small"
              header={t('review.myBatch', { count: rows.length })}
              locale={{ emptyText: t('review.empty') }}
              dataSource={rows}
              renderItem={(r) => {
                const done = r.persons.filter((p) => p.decision).length;
                const isCurrent = r === current?.order;
                return (
                  <List.Item
                    onClick={() => r.persons[0] && setCursor(r.persons[0].id)}
                    style={{ cursor: 'pointer', background: isCurrent ? '#e6f4ff' : undefined }}
                    aria-current={isCurrent}
                    data-testid={`review-order-${r.order.orderNo}`}
                  >
                    <div>
                      <div>{r.order.orderNo}</div>
                      <small>
                        {r.order.names} · {when(r.waitingSince)}
                      </small>
                      <div>
                        <Tag color={r.dueDay < today ? 'red' : undefined}>
                          {r.dueDay < today ? t('review.overdue') + ' · ' : ''}
                          {t('review.dueDay', { day: r.dueDay })}
                        </Tag>
                        <Tag>{t('review.progress', { done, all: r.persons.length })}</Tag>
                        {r.refundOpen && <Tag color="orange">{t('review.refundOpen')}</Tag>}
                        {r.persons.some((p) => p.photo?.autoCorrected) && (
                          <Tag color="blue">{t('console.review.autoCorrected')}</Tag>
                        )}
                      </div>
                    </div>
                  </List.Item>
                );
              }}
            />
            {!!q.data?.refundHeld.length && (
              <List
                style={{ marginTop: 12 }}
                bordered
                size="small"
                header={t('review.refundHeld', { count: q.data.refundHeld.length })}
                dataSource={q.data.refundHeld}
                renderItem={(r) => (
                  <List.Item>
                    <div>
                      <div>{r.order.orderNo}</div>
                      <small>{r.order.names}</small> <Tag color="orange">{t('review.refundOpen')}</Tag>
                    </div>
                  </List.Item>
                )}
              />
            )}
          </div>
          <div>
            {current ? (
              <Card title={`${current.order.order.orderNo} · ${current.order.order.names}`}>
                {current.order.refundOpen && (
                  <Typography.Paragraph type="warning">{t('review.refundOpenHint')}</Typography.Paragraph>
                )}
                <Descriptions size="small" column={3}>
                  <Descriptions.Item label={t('console.col.kind')}>
                    <KindText kind={current.order.order.kind} />
                  </Descriptions.Item>
                  <Descriptions.Item label={t('console.col.amount')}>
                    {yuanLabel(current.order.order.totalFen)}
                  </Descriptions.Item>
                  <Descriptions.Item label={t('console.col.school')}>
                    {current.order.order.schoolName ?? '—'}
                  </Descriptions.Item>
                </Descriptions>
                {current.order.persons.map((p, i) => (
                  <PersonReview
                    key={p.id}
                    person={p}
                    index={i}
                    active={p.id === current.person.id}
                    disabled={current.order.refundOpen || decide.isPending}
                    onSelect={() => setCursor(p.id)}
                    onApprove={() => {
                      setCursor(p.id);
                      decide.mutate({ target: { order: current.order, person: p }, verdict: 'approve' });
                    }}
                    onRefuse={() => {
                      setCursor(p.id);
                      setRefusing(true);
                    }}
                  />
                ))}
              </Card>
            ) : (
              <Card>
                <Typography.Text type="secondary">{t('review.empty')}</Typography.Text>
              </Card>
            )}
            <ResetPhotoCard />
          </div>
        </div>
      </QueryState>
      <RefuseDialog
        open={refusing && !!current}
        name={current?.person.name ?? ''}
        pending={decide.isPending}
        onCancel={() => setRefusing(false)}
        onRefuse={(r) => current && decide.mutate({ target: current, verdict: 'refuse', ...r })}
      />
    </section>
  );
}
