import { useEffect } from 'react';
import { Alert, Button, Descriptions, Form, message } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { personUpdateSchema } from '@portal/contract/orders';
import { QueryPage } from '../../../components/query-page.tsx';
import { ShippingForm } from '../../../components/shipping-form/shipping-form.tsx';
import { PhotoUpload } from '../../../components/photo-upload/photo-upload.tsx';
import { zodRule } from '../../../components/shipping-form/zod-rule.ts';
import { ContactFields } from '../components/contact-fields.tsx';
import { EDIT_PATH_KEY, idFromSearch, orderKeys, updatePerson, updateShipping, useAddressedOrder } from '../api.ts';

/** /home/orderModify and /home/orderModifyjiami (?id&type=photo&detailId or type=wuliu). */
export default function OrderModifyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { id, search, q } = useAddressedOrder();
  const detailId = idFromSearch(search, 'detailId');
  const type = search.get('type') === 'wuliu' ? 'wuliu' : 'photo';
  const line = q.data?.orderDetails.find((d) => d.id === detailId) ?? q.data?.orderDetails[0];
  const [form] = Form.useForm<{ mobile: string; mail: string; picUrl: string }>();
  useEffect(() => {
    if (line) form.setFieldsValue({ mobile: line.mobile ?? '', mail: line.mail ?? '', picUrl: line.picUrl ?? '' });
  }, [line, form]);

  const back = async (msg: string) => {
    void message.success(msg, 1);
    await qc.invalidateQueries({ queryKey: orderKeys.order(id) });
    const to = sessionStorage.getItem(EDIT_PATH_KEY);
    sessionStorage.removeItem(EDIT_PATH_KEY);
    navigate(to ?? `/home/orderDetails?id=${id}&con=xiugai`);
  };

  return (
    <QueryPage title={type === 'wuliu' ? t('orders.modify.wuliuTitle') : t('orders.modify.photoTitle')} query={q}>
      {(data) => (
        <>
          {type === 'wuliu' && (
            <ShippingForm
              allowLandline
              initial={data.shippingInfo}
              submitText={t('orders.modify.save')}
              onSubmit={async (s) => back(await updateShipping(id, s))}
              extra={<Button onClick={() => navigate(-1)}>{t('orders.modify.cancel')}</Button>}
            />
          )}
          {type === 'photo' && line && (
            <>
              <Alert type="info" showIcon message={t('orders.modify.locked')} style={{ marginBottom: 12 }} />
              <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
                <Descriptions.Item label={t('orders.form.name')}>{line.name}</Descriptions.Item>
                <Descriptions.Item label={t('orders.form.idNum')}>{line.idNum}</Descriptions.Item>
                <Descriptions.Item label={t('orders.form.school')}>{line.schoolName}</Descriptions.Item>
                <Descriptions.Item label={t('orders.form.studentId')}>{line.studentId}</Descriptions.Item>
              </Descriptions>
              <Form
                form={form}
                labelCol={{ span: 4 }}
                wrapperCol={{ span: 12 }}
                onFinish={async (v) => back(await updatePerson({ id: line.id, ...v }))}
              >
                <ContactFields />
                <Form.Item
                  name="picUrl"
                  label={t('orders.form.photo')}
                  rules={[zodRule(personUpdateSchema.shape.picUrl)]}
                >
                  <PhotoSlot />
                </Form.Item>
                <Form.Item wrapperCol={{ offset: 4 }}>
                  <Button onClick={() => navigate(-1)} style={{ marginRight: 8 }}>
                    {t('orders.modify.cancel')}
                  </Button>
                  <Button type="primary" htmlType="submit">
                    {t('orders.modify.save')}
                  </Button>
                </Form.Item>
              </Form>
            </>
          )}
        </>
      )}
    </QueryPage>
  );
}

function PhotoSlot({ value, onChange }: { value?: string; onChange?: (v: string | undefined) => void }) {
  return <PhotoUpload flow="individual" value={value} onChange={(v) => onChange?.(v)} />;
}
