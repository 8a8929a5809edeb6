import type { ReactNode } from 'react';
import { Alert, Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { NationalRejection } from '@portal/contract/orders';
import type { ReviewRefusal } from '@portal/contract/review';
import { addLocales, pick } from '../../lib/i18n.ts';
import reviewRefusalWords from '../../locales/review-refusals.ts';
import { apiGet } from '../../lib/api/client.ts';

export const photoIssuesKey = (orderId: number) => ['orders', 'order', orderId, 'photoIssues'] as const;

/** Same faces and national refusals of one order; the pages that pay read `sameFace` to hold the pay button. */
export const usePhotoIssues = (orderId: number) =>
  useQuery({
    queryKey: photoIssuesKey(orderId),
    queryFn: () => apiGet('/api/order/photoIssues', { query: { id: orderId } }),
    enabled: orderId > 0,
  });

/** The platform's reason in words: its codes are translated, a text it sent is shown as sent. */
export function useNationalReason() {
  const { t } = useTranslation();
  return (reason: string | null) =>
    reason ? t(`national.reason.${reason}`, { defaultValue: reason }) : t('timeline.noReason');
}

/** An unknown ID number is fixed by correcting the record, every other refusal by a new photo. */
export const fixedByPhoto = (r: NationalRejection) => r.reason !== 'ID_UNKNOWN';

/** What a refused photo means and what to do, one line per person (the order page and the login prompt). */
export function NationalRejectionList({
  items,
  onReplace,
}: {
  items: NationalRejection[];
  onReplace?: (r: NationalRejection) => void;
}) {
  const { t } = useTranslation();
  const reasonOf = useNationalReason();
  return (
    <ul style={{ margin: '4px 0', paddingInlineStart: 20 }}>
      {items.map((r) => (
        <li key={r.detailId} data-testid={`national-rejected-${r.detailId}`}>
          {t('photoIssues.national.item', { orderNo: r.orderNo, name: r.name, reason: reasonOf(r.reason) })}{' '}
          {t(fixedByPhoto(r) ? 'photoIssues.national.todo' : 'photoIssues.national.todoId')}{' '}
          {onReplace && fixedByPhoto(r) && (
            <Button size="small" type="link" onClick={() => onReplace(r)}>
              {t('photoIssues.national.replace')}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}

/** One of the alerts above an order, announced to screen readers at once. */
function IssueAlert({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Alert type="error" showIcon role="alert" style={{ marginBottom: 16 }} message={title} description={children} />
  );
}

// The words of the review refusals travel with the component that shows them.
addLocales(reviewRefusalWords);

/** The persons whose photo review refused or staff sent back, each with the reason and a replace button. */
function ReviewRefusalList({
  items,
  onReplace,
}: {
  items: ReviewRefusal[];
  onReplace?: (r: { detailId: number }) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <ul style={{ margin: '4px 0', paddingInlineStart: 20 }}>
        {items.map((r) => (
          <li key={r.detailId} data-testid={`review-refused-${r.detailId}`}>
            {t(`photoIssues.review.${r.verdict}`, {
              name: r.name,
              reason: r.reason ? pick(r.reason) : t('photoIssues.review.noReason'),
            })}{' '}
            {onReplace && (
              <Button size="small" type="link" onClick={() => onReplace(r)}>
                {t('photoIssues.review.replace')}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {t('photoIssues.review.free')}
    </>
  );
}

/**
 * Alerts above an order: a face used for several students (pay is refused), photos review refused
 * or sent back (per person, with the reason) and photos the national platform refused.
 */
export function OrderPhotoIssues({
  orderId,
  onReplace,
}: {
  orderId: number;
  onReplace?: (r: { detailId: number }) => void;
}) {
  const { t } = useTranslation();
  const q = usePhotoIssues(orderId);
  if (!q.data) return null;
  const { sameFace, nationalRejected, reviewRefused } = q.data;
  return (
    <>
      {reviewRefused.length > 0 && (
        <IssueAlert title={t('photoIssues.review.title')}>
          <ReviewRefusalList items={reviewRefused} onReplace={onReplace} />
        </IssueAlert>
      )}
      {sameFace.length > 0 && (
        <IssueAlert title={t('msg.order.sameFace')}>
          <ul style={{ margin: '4px 0', paddingInlineStart: 20 }}>
            {sameFace.map((m) => (
              <li key={m.detailId}>
                {t(m.otherOrderNo ? 'photoIssues.sameFace.itemOther' : 'photoIssues.sameFace.item', {
                  name: m.name,
                  other: m.otherName,
                  orderNo: m.otherOrderNo,
                })}
              </li>
            ))}
          </ul>
          {t('photoIssues.sameFace.todo')}
        </IssueAlert>
      )}
      {nationalRejected.length > 0 && (
        <IssueAlert title={t('photoIssues.national.title')}>
          <NationalRejectionList items={nationalRejected} onReplace={onReplace} />
        </IssueAlert>
      )}
    </>
  );
}

/** Where a refused photo is replaced: the order's page in edit mode. */
export const replacePathOf = (r: NationalRejection) =>
  r.kind === 'task'
    ? `/home/orderDetailCai?orderId=${r.orderId}&con=xiugai`
    : `/home/orderDetails?id=${r.orderId}&con=xiugai`;

/** The rejected-photo prompt's part for photos the national platform refused after review, with the way to fix each. */
export function MemberNationalRejections({ open, onGo }: { open: boolean; onGo: (to: string) => void }) {
  const { t } = useTranslation();
  const q = useQuery({
    queryKey: ['orders', 'photoRejections'],
    queryFn: () => apiGet('/api/order/photoRejections', { silent: true }),
    enabled: open,
  });
  if (!q.data?.length) return null;
  return (
    <div role="alert" data-testid="national-rejections">
      <p style={{ fontWeight: 600, marginBottom: 4 }}>{t('photoIssues.national.title')}</p>
      <NationalRejectionList items={q.data} onReplace={(r) => onGo(replacePathOf(r))} />
    </div>
  );
}
