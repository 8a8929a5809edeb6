import { useState } from 'react';
import { Alert, Button, Card, Modal, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReviewPerson } from '@portal/contract/review';
import { failingItems } from '@portal/contract/check-items';
import { pick } from '../../../lib/i18n.ts';
import { StaffPhoto } from '../ui.tsx';

/** The face comparison in words, only when it flags a different person (distance past 0.7 is "very low"). */
function SimilarityWarning({ compare }: { compare: ReviewPerson['compare'] }) {
  const { t } = useTranslation();
  if (!compare || compare.same !== false) return null;
  const words = compare.distance !== null && compare.distance > 0.7 ? 'veryLow' : 'low';
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 8 }}
      message={
        t(`review.similarity.${words}`) +
        t('review.similarity.against', { source: t(`console.review.compare.${compare.source}`) })
      }
    />
  );
}

function DecisionTag({ person }: { person: ReviewPerson }) {
  const { t } = useTranslation();
  const d = person.decision;
  if (!d) return <Tag>{t('review.undecided')}</Tag>;
  if (d.verdict === 'approve') return <Tag color="green">{t('review.decided.approve')}</Tag>;
  return <Tag color="red">{t('review.decided.refuse', { reason: d.reason ? pick(d.reason) : '' })}</Tag>;
}

/**
 * One person of the order under review: the photo, the photo it replaced and the earlier or
 * national photo side by side, the machine's check items, the correction tag with the original,
 * the comparison in words when it flags a different person, and this person's decision buttons.
 */
export function PersonReview({
  person,
  index,
  active,
  disabled,
  onSelect,
  onApprove,
  onRefuse,
}: {
  person: ReviewPerson;
  index: number;
  active: boolean;
  disabled: boolean;
  onSelect: () => void;
  onApprove: () => void;
  onRefuse: () => void;
}) {
  const { t } = useTranslation();
  const failed = failingItems(person.photo?.checkResult);
  const [original, setOriginal] = useState(false);
  return (
    <Card
      type="inner"
      size="small"
      data-testid={`review-person-${person.id}`}
      aria-current={active}
      onClick={onSelect}
      title={
        <Space wrap>
          <span>{t('review.person', { n: index + 1 })}</span>
          <span>
            {[person.name, person.idNumMask, person.studentId, person.schoolName].filter(Boolean).join(' · ')}
          </span>
          <DecisionTag person={person} />
        </Space>
      }
      extra={
        <Space>
          <Button size="small" type="primary" disabled={disabled} onClick={onApprove}>
            {t('review.approve')} (A)
          </Button>
          <Button size="small" danger disabled={disabled} onClick={onRefuse}>
            {t('review.refuse')} (R)
          </Button>
        </Space>
      }
      style={{ marginTop: 12, outline: active ? '2px solid #1677ff' : undefined }}
    >
      <Space align="start" size="large" wrap>
        <figure style={{ margin: 0 }}>
          <StaffPhoto src={person.photo?.url} alt={t('console.review.photoOf', { name: person.name })} />
          <figcaption>{t(person.replaced ? 'review.current' : 'console.review.submitted')}</figcaption>
        </figure>
        {person.replaced && (
          <figure style={{ margin: 0 }}>
            <StaffPhoto src={person.replaced.url} alt={t('review.replaced')} />
            <figcaption>{t('review.replaced')}</figcaption>
            {person.replaced.reason && (
              <Typography.Text type="secondary" style={{ display: 'block', maxWidth: 150 }}>
                {t('review.replacedReason', { reason: pick(person.replaced.reason) })}
              </Typography.Text>
            )}
          </figure>
        )}
        {person.compare && (
          <figure style={{ margin: 0 }}>
            <StaffPhoto src={person.compare.url} alt={t(`console.review.compare.${person.compare.source}`)} />
            <figcaption>{t(`console.review.compare.${person.compare.source}`)}</figcaption>
          </figure>
        )}
        <div style={{ minWidth: 240, maxWidth: 360 }}>
          <SimilarityWarning compare={person.compare} />
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
        </div>
      </Space>
    </Card>
  );
}
