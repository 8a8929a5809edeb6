import { Badge, Button, List, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { NoticeMessage } from '@portal/contract/notices';
import { useMarkRead } from './api.ts';

/** Messages newest first: unread ones marked, each linking to its order; opening the link marks it read. */
export function NoticeList(props: { items: NoticeMessage[]; compact?: boolean }) {
  const { t } = useTranslation();
  const markRead = useMarkRead();
  return (
    <List
      itemLayout="vertical"
      dataSource={props.items}
      renderItem={(m) => (
        <List.Item
          key={m.id}
          data-testid="notice-item"
          extra={
            !m.read && !props.compact ? (
              <Button size="small" onClick={() => void markRead(m.id)}>
                {t('notices.markRead')}
              </Button>
            ) : undefined
          }
        >
          <List.Item.Meta
            title={
              <Space>
                {!m.read && <Badge status="processing" text={t('notices.unread')} />}
                <strong>{m.title}</strong>
              </Space>
            }
            description={new Date(m.createdAt).toLocaleString()}
          />
          <Typography.Paragraph ellipsis={props.compact ? { rows: 2 } : false} style={{ marginBottom: 4 }}>
            {m.text}
          </Typography.Paragraph>
          {m.link && (
            <Link to={m.link} onClick={() => !m.read && void markRead(m.id)}>
              {t('notices.viewOrder')}
            </Link>
          )}
        </List.Item>
      )}
    />
  );
}
