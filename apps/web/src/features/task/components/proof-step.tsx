import { useState } from 'react';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { idLast4Field, MATCH_CODE, MATCH_STATUS } from '@portal/contract/task';
import { zodRule } from './zod-rule.ts';
import { proveStudent, type MatchAnswer } from '../api.ts';

interface Props {
  match: { yxdm: string; signature: string; studentId: string };
  onProven: (answer: MatchAnswer) => void;
}

/**
 * The identity proof before the centralised form (as the operator's mini-programme asks): the
 * last 4 characters of the student's ID number on the platform's record. The server counts
 * failures (5 a day per member and per record); its answer shows on the field.
 */
export function ProofStep({ match, onProven }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ idLast4: string }>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    let v: { idLast4: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      const env = await proveStudent({ ...match, idLast4: v.idLast4.trim() });
      if (env.code === 200) onProven(env.data);
      else if (env.code === MATCH_CODE.UNPAID) navigate(`/home/myOrderCai?status=${MATCH_STATUS.UNPAID}`);
      else if (env.code === MATCH_CODE.PAID) navigate(`/home/myOrderCai?status=${MATCH_STATUS.PAID}`);
      else form.setFields([{ name: 'idLast4', errors: [env.msg] }]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="task-proof-title" data-testid="task-proof">
      <h2 id="task-proof-title" style={{ fontSize: 18 }}>
        {t('task.proofTitle')}
      </h2>
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('task.proofHint')} />
      <Form form={form} layout="vertical" style={{ maxWidth: 520 }} requiredMark onFinish={() => void submit()}>
        <Form.Item name="idLast4" label={t('task.idLast4')} required rules={[zodRule(idLast4Field, t)]}>
          <Input maxLength={4} autoComplete="off" style={{ width: 160 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('task.prove')}
        </Button>
      </Form>
    </section>
  );
}
