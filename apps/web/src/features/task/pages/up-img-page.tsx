import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Form, Input, Radio, Row, Select, Upload, message } from 'antd';
import type { FormItemProps } from 'antd';
import type { TFunction } from 'i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  EDUCATION_CATEGORIES,
  EDUCATION_LEVELS,
  ID_TYPES,
  SCHOOL_TYPES,
  SEXES,
  TASK_ID_TYPES,
} from '@portal/contract/enums';
import { idNumberIssue } from '@portal/contract/orders';
import { MATCH_CODE, taskCreateFields } from '@portal/contract/task';
import { fenToYuan } from '@portal/contract/prices';
import { TaskPhotoField } from '../components/task-photo-field.tsx';
import { ConsentBox, useConsentGiven } from '../../../components/photo-consent/photo-consent.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { pick } from '../../../lib/i18n.ts';
import { createTaskOrder, matchStudent, studentInfoByImg } from '../api.ts';
import { useLoginGate } from '../components/login-gate.tsx';
import { ProofStep } from '../components/proof-step.tsx';
import { zodRule } from '../components/zod-rule.ts';
import { formatChinaTime } from '@portal/contract/time-format';

const options = (rec: Record<number, { zh: string; en: string }>, keys?: readonly number[]) =>
  (keys ?? Object.keys(rec).map(Number)).map((k) => ({ value: k, label: pick(rec[k]) }));

interface TaskForm {
  picUrl?: string;
  xm: string;
  zjlx: number;
  sfzh: string;
  xh: string;
  zy?: string;
  xb: number;
  xlcc: number;
  xllb: number;
  xxlb: number;
  yxmc: string;
  yxdm: string;
  mobile: string;
  mail: string;
  bizSerialNum?: string;
}

/** /home/upImg: the photo (crop, check, failed-check dialog) and the centralised collection form. */
export default function UpImgPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const gate = useLoginGate();
  const [form] = Form.useForm<TaskForm>();
  const [busy, setBusy] = useState(false);
  const [codeRead, setCodeRead] = useState(false);
  const qc = useQueryClient();
  const q = {
    yxdm: search.get('yxdm') ?? '',
    signature: search.get('signature') ?? '',
    studentId: search.get('studentId') ?? '',
  };
  const flag = search.get('flag') === '1';

  const info = useQuery({
    queryKey: ['task', 'match', q],
    enabled: gate.loggedIn && !!q.yxdm && !!q.signature && !!q.studentId,
    queryFn: async () => {
      const env = await matchStudent(q);
      if (env.code === MATCH_CODE.UNPAID || env.code === MATCH_CODE.PAID) {
        navigate(`/home/myOrderCai?status=${env.code === MATCH_CODE.UNPAID ? 1 : 2}`, { replace: true });
        return null;
      }
      if (env.code !== 200) throw new Error(env.msg);
      return env.data;
    },
  });
  // Before the identity proof the answer names no one: the proof step stands where the form goes.
  const needsProof = info.data?.proof === 'needed';
  const p = needsProof ? undefined : info.data?.prefill;
  const zjlx = Form.useWatch('zjlx', form);
  const consent = useConsentGiven(gate.loggedIn);

  if (!gate.loggedIn)
    return (
      <Card>
        <h1 style={{ fontSize: 22 }}>{t('task.upImgTitle')}</h1>
        <Button type="primary" onClick={() => gate.ensure()}>
          {t('layout.loginRegister')}
        </Button>
        <LoginOnMount ensure={gate.ensure} />
        {gate.dialog}
      </Card>
    );

  const submit = async () => {
    if (!consent) return void message.error(t('msg.order.consentRequired'), 1);
    const v = await form.validateFields();
    if (!p) return;
    setBusy(true);
    try {
      const env = await createTaskOrder({
        ...v,
        picUrl: v.picUrl ?? '',
        fy: p.fy,
        taskId: p.taskId,
        signature: q.signature,
        bizSerialNum: v.bizSerialNum || search.get('bh') || undefined,
      } as never);
      if (env.code === 200) navigate(`/home/orderInfoCai?orderId=${env.data.id}&con=add`);
      else if (env.code === MATCH_CODE.UNPAID || env.code === MATCH_CODE.PAID)
        navigate(`/home/myOrderCai?status=${env.code === MATCH_CODE.UNPAID ? 1 : 2}`);
      else void message.error(env.msg, 1);
    } finally {
      setBusy(false);
    }
  };

  const readCode = async (file: File) => {
    try {
      const r = await studentInfoByImg(file, q.signature);
      form.setFieldValue('bizSerialNum', r.cjm);
      setCodeRead(true);
      void message.success(t('task.codeRead'), 1);
    } catch {
      // the client has shown the server's message
    }
    return false;
  };

  const shape = taskCreateFields.shape;
  return (
    <Card>
      <h1 style={{ fontSize: 22 }}>{t('task.upImgTitle')}</h1>
      <QueryState loading={info.isLoading} error={info.error} onRetry={() => void info.refetch()}>
        {needsProof && <ProofStep match={q} onProven={(answer) => qc.setQueryData(['task', 'match', q], answer)} />}
        {p && (
          <>
            <Descriptions size="small" bordered column={3} style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('task.taskName')}>{pick(p.taskName)}</Descriptions.Item>
              <Descriptions.Item label={t('task.price')}>¥{fenToYuan(p.priceFen)}</Descriptions.Item>
              <Descriptions.Item label={t('task.deadline')}>{formatChinaTime(p.endTime)}</Descriptions.Item>
            </Descriptions>
            <Form<TaskForm>
              form={form}
              layout="vertical"
              initialValues={{
                xm: p.xm ?? undefined,
                zjlx: 1,
                sfzh: p.sfzhMasked ?? undefined,
                xh: p.xh ?? q.studentId,
                zy: p.zy ?? undefined,
                xb: p.xb ?? undefined,
                xlcc: p.xlcc ?? undefined,
                xllb: p.xllb ?? undefined,
                xxlb: 1,
                yxmc: p.yxmc,
                yxdm: p.yxdm,
              }}
              onValuesChange={(c) => 'zjlx' in c && form.setFieldValue('sfzh', '')}
            >
              <ConsentBox />
              {consent && <TaskPhotoField form={form} taskId={p.taskId} captureOnly={p.captureOnly} />}
              {flag && (
                <Form.Item label={t('task.uploadCode')}>
                  <Upload accept="image/*" showUploadList={false} beforeUpload={(f) => readCode(f)}>
                    <Button>{t('task.uploadCode')}</Button>
                  </Upload>
                  {codeRead && <Alert style={{ marginTop: 8 }} type="success" showIcon message={t('task.codeRead')} />}
                </Form.Item>
              )}
              <Form.Item name="bizSerialNum" hidden>
                <Input />
              </Form.Item>
              <Row gutter={16}>
                <Cell name="xm" label={t('task.xm')} rules={[zodRule(shape.name, t)]} required>
                  <Input disabled={!!p.xm} />
                </Cell>
                <Cell name="zjlx" label={t('task.zjlx')} rules={must(t, 'msg.idType.required')}>
                  <Select options={options(ID_TYPES, TASK_ID_TYPES)} disabled={p.hasSfzh} />
                </Cell>
                <Cell
                  name="sfzh"
                  label={t('task.sfzh')}
                  required
                  rules={[
                    {
                      validator: async (_r, v: string | undefined) => {
                        if (p.hasSfzh && v?.includes('*')) return;
                        const issue = idNumberIssue(zjlx ?? 1, v);
                        if (issue) throw new Error(t(`msg.${issue}`));
                      },
                    },
                  ]}
                >
                  <Input disabled={p.hasSfzh} />
                </Cell>
                <Cell name="xh" label={t('task.xh')} rules={[zodRule(shape.studentId, t)]} required>
                  <Input disabled={!!p.xh} />
                </Cell>
                <Cell name="zy" label={t('task.zy')} rules={[zodRule(shape.major, t)]}>
                  <Input disabled={!!p.zy} />
                </Cell>
                <Cell name="xb" label={t('task.xb')} rules={must(t, 'msg.sex.required')}>
                  <Radio.Group options={options(SEXES)} disabled={p.xb !== null} />
                </Cell>
                <Cell name="xlcc" label={t('task.xlcc')} rules={must(t, 'msg.education.required')}>
                  <Select options={options(EDUCATION_LEVELS)} disabled={p.xlcc !== null} />
                </Cell>
                <Cell name="xllb" label={t('task.xllb')} rules={must(t, 'msg.task.xllbRequired')}>
                  <Select options={options(EDUCATION_CATEGORIES)} disabled={p.xllb !== null} />
                </Cell>
                <Cell name="xxlb" label={t('task.xxlb')} rules={must(t, 'msg.schoolType.required')}>
                  <Select options={options(SCHOOL_TYPES)} />
                </Cell>
                <Cell name="yxmc" label={t('task.yxmc')}>
                  <Input disabled />
                </Cell>
                <Cell name="yxdm" label={t('task.yxdm')}>
                  <Input disabled />
                </Cell>
                <Cell name="mobile" label={t('task.mobile')} rules={[zodRule(shape.mobile, t)]} required>
                  <Input maxLength={11} autoComplete="tel" />
                </Cell>
                <Cell name="mail" label={t('task.mail')} rules={[zodRule(shape.mail, t)]} required>
                  <Input autoComplete="email" />
                </Cell>
              </Row>
              <Button type="primary" loading={busy} onClick={() => void submit()}>
                {t('task.create')}
              </Button>
            </Form>
          </>
        )}
      </QueryState>
    </Card>
  );
}

/** One field of the person's details: a third of the row. */
function Cell(props: FormItemProps) {
  return (
    <Col span={8}>
      <Form.Item {...props} />
    </Col>
  );
}

/** A choice the person must make, with its own message. */
const must = (t: TFunction, key: string) => [{ required: true, message: t(key) }];

/** Opens the login dialog once when a visitor lands here. */
function LoginOnMount({ ensure }: { ensure: () => boolean }) {
  useEffect(() => {
    ensure();
  }, [ensure]);
  return null;
}
