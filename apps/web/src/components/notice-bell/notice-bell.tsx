import { Badge, Button, Popover } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../query-state.tsx';
import { useMessages, useUnread } from './api.ts';
import { NoticeList } from './notice-list.tsx';

function Latest() {
  const { t } = useTranslation();
  const q = useMessages(1, 5);
  return (
    <div style={{ width: 360, maxHeight: 420, overflowY: 'auto' }}>
      <QueryState loading={q.isLoading} error={q.error} empty={!q.data?.items.length} emptyText={t('notices.empty')}>
        <NoticeList items={q.data?.items ?? []} compact />
      </QueryState>
      <Link to="/home/messages">{t('notices.viewAll')}</Link>
    </div>
  );
}

/** The header's bell (desktop portal): the unread count, the latest messages on click, the messages page behind. */
export function NoticeBell() {
  const { t } = useTranslation();
  const unread = useUnread(true).data?.unread ?? 0;
  return (
    <Popover trigger="click" placement="bottomRight" title={t('notices.title')} content={<Latest />} destroyOnHidden>
      <Button
        type="text"
        className="nav-button"
        data-testid="notice-bell"
        aria-label={unread ? t('notices.bellUnread', { count: unread }) : t('notices.bell')}
      >
        <Badge count={unread} size="small" offset={[4, -2]}>
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
