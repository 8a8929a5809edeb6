import { useMemo, useState } from 'react';
import { Form, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CollectionCentre } from '@portal/contract/content';
import { QueryState } from '../../../components/query-state.tsx';
import { pick } from '../../../lib/i18n.ts';
import { useCentres } from '../api.ts';
import { ContentPage } from '../components/content-page.tsx';

/** Collection centres by region, with a province filter answered by the server. */
export default function CollectionCenterPage() {
  const { t } = useTranslation();
  const [province, setProvince] = useState<string | undefined>();
  const all = useCentres();
  const q = useCentres(province);
  const provinces = useMemo(
    () => [...new Map((all.data ?? []).map((c) => [c.province, c.provinceEn])).entries()],
    [all.data],
  );
  return (
    <ContentPage title={t('content.centres.title')}>
      <Form layout="inline" className="content-filter">
        <Form.Item label={t('content.centres.province')} htmlFor="centre-province">
          <Select
            id="centre-province"
            style={{ width: 200 }}
            allowClear
            placeholder={t('content.centres.allProvinces')}
            value={province}
            onChange={(v) => setProvince(v || undefined)}
            options={[
              { value: '', label: t('content.centres.allProvinces') },
              ...provinces.map(([zh, en]) => ({ value: zh, label: pick({ zh, en }) })),
            ]}
          />
        </Form.Item>
      </Form>
      <QueryState loading={q.isLoading} error={q.error} empty={!q.data?.length} onRetry={() => void q.refetch()}>
        <Table<CollectionCentre>
          rowKey="id"
          dataSource={q.data}
          pagination={false}
          loading={q.isFetching}
          columns={[
            {
              title: t('content.centres.province'),
              render: (_, c) => pick({ zh: c.province, en: c.provinceEn }),
              width: 100,
            },
            { title: t('content.centres.boffice'), render: (_, c) => pick(c.boffice) },
            {
              title: t('content.centres.cperson'),
              render: (_, c) => pick({ zh: c.cperson, en: c.cpersonEn }),
              width: 100,
            },
            {
              title: t('content.centres.ftelephone'),
              dataIndex: 'ftelephone',
              width: 140,
              render: (v: string) => <a href={`tel:${v}`}>{v}</a>,
            },
            { title: t('content.centres.address'), render: (_, c) => pick(c.address) },
            { title: t('content.centres.whours'), render: (_, c) => pick(c.whours), width: 200 },
          ]}
        />
      </QueryState>
    </ContentPage>
  );
}
