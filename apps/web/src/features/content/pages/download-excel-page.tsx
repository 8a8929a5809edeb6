import { Button, List } from 'antd';
import { DownloadOutlined, FileTextOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/query-state.tsx';
import { pick } from '../../../lib/i18n.ts';
import { useForms } from '../api.ts';
import { ContentPage } from '../components/content-page.tsx';

const sizeText = (n: number) =>
  n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;

/** Common forms with working download links (a stored file, or an external link opened in a new tab). */
export default function DownloadExcelPage() {
  const { t } = useTranslation();
  const q = useForms();
  return (
    <ContentPage title={t('content.forms.title')}>
      <QueryState loading={q.isLoading} error={q.error} empty={!q.data?.length} onRetry={() => void q.refetch()}>
        <List
          dataSource={q.data ?? []}
          renderItem={(f) => (
            <List.Item
              actions={[
                <Button
                  key="d"
                  type="link"
                  icon={<DownloadOutlined />}
                  href={f.downloadUrl}
                  {...(f.external ? { target: '_blank', rel: 'noopener noreferrer' } : { download: true })}
                  aria-label={`${t('content.forms.download')} ${pick(f.fileName)}`}
                >
                  {t('content.forms.download')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                avatar={<FileTextOutlined style={{ fontSize: 22, color: '#1677ff' }} />}
                title={pick(f.fileName)}
                description={f.size ? sizeText(f.size) : undefined}
              />
            </List.Item>
          )}
        />
      </QueryState>
    </ContentPage>
  );
}
