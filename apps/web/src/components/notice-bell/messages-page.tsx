import { useState } from 'react';
import { Button, Card, Pagination, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../query-state.tsx';
import { useMarkRead, useMessages } from './api.ts';
import { NoticeList } from './notice-list.tsx';

/** /home/messages: the member's in-portal messages (站内信), read and unread, each linking to its order. */
export default function MessagesPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const q = useMessages(page);
  const markRead = useMarkRead();
  return (
    <Card>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <h1 style={{ fontSize: 22 }}>{t('notices.title')}</h1>
        <Button disabled={!q.data?.unread} onClick={() => void markRead()}>
          {t('notices.markAllRead')}
        </Button>
      </Space>
      <QueryState
        loading={q.isLoading}
        error={q.error}
        empty={!q.data?.items.length}
        emptyText={t('notices.empty')}
        onRetry={() => void q.refetch()}
      >
        <NoticeList items={q.data?.items ?? []} />
        <Pagination current={page} pageSize={20} total={q.data?.total ?? 0} onChange={setPage} hideOnSinglePage />
      </QueryState>
    </Card>
  );
}
