import { useEffect, useMemo, useState } from 'react';
import { Alert, AutoComplete, Button, Card, Form, Input, Modal, Steps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { message } from 'antd';
import { MATCH_CODE, MATCH_STATUS } from '@portal/contract/task';
import { PATTERNS } from '@portal/contract/validation';
import { matchStudent, taskIsMosaic, usePilotSchools, type MatchAnswer } from '../api.ts';
import { useLoginGate } from '../components/login-gate.tsx';
import { ProofStep } from '../components/proof-step.tsx';
import { MiniProgramHint } from '../components/mini-program-hint.tsx';
import { useSettings } from '../../../lib/settings.ts';

interface Entry {
  school: string;
  signature: string;
  studentId?: string;
}

/** /home/collectFirst: school and feature code, the mosaic check, then the student number and matching. */
export default function CollectFirstPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Entry>();
  const schools = usePilotSchools();
  const [yxdm, setYxdm] = useState<string | null>(null);
  const [flag, setFlag] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  /** The matched student awaiting the identity proof before the form. */
  const [proving, setProving] = useState<{ yxdm: string; signature: string; studentId: string } | null>(null);
  const gate = useLoginGate();
  const { data: settings } = useSettings();
  const schoolText = Form.useWatch('school', form) ?? '';
  // A school's printed entry (its QR code) opens this page with the school and feature code filled in.
  const [params] = useSearchParams();
  useEffect(() => {
    const code = params.get('yxdm');
    const school = (schools.data ?? []).find((s) => s.yxdm === code);
    if (!school) return;
    form.setFieldsValue({ school: school.name, signature: params.get('code') ?? undefined });
    setYxdm(school.yxdm);
  }, [schools.data, params, form]);

  const options = useMemo(() => {
    const k = schoolText.trim().toLowerCase();
    return (schools.data ?? [])
      .filter((s) => !k || s.name.toLowerCase().includes(k) || s.yxdm.includes(k))
      .slice(0, 20)
      .map((s) => ({ value: s.name, label: `${s.name}（${s.yxdm}）`, yxdm: s.yxdm }));
  }, [schools.data, schoolText]);

  const check = async () => {
    const v = await validated(['school', 'signature']);
    if (!v || !yxdm) return;
    setBusy(true);
    try {
      const env = await taskIsMosaic(yxdm, v.signature.trim());
      if (env.code === 200) setFlag(env.data);
      else if (env.code === 400)
        Modal.warning({
          title: t('task.miniTitle'),
          content: <MiniProgramHint msg={env.msg} settings={settings} />,
        });
      // No task for this school and code: the message stays on the field until it is edited.
      else if (env.code === 404) form.setFields([{ name: 'signature', errors: [env.msg] }]);
      else void message.error(env.msg, 1);
    } finally {
      setBusy(false);
    }
  };

  /** The form's values, or null when a field shows its message (antd rejects with the field errors). */
  const validated = async (names?: (keyof Entry)[]): Promise<Entry | null> => {
    try {
      return names ? await form.validateFields(names) : await form.validateFields();
    } catch {
      return null;
    }
  };

  const match = async () => {
    const v = await validated();
    if (!v || !yxdm || !gate.ensure()) return;
    setBusy(true);
    try {
      const q = { yxdm, signature: v.signature.trim(), studentId: (v.studentId ?? '').trim() };
      const env = await matchStudent(q);
      if (env.code === MATCH_CODE.CONTINUE) {
        if (env.data.proof === 'needed') setProving(q);
        else toForm(env.data);
      } else if (env.code === MATCH_CODE.UNPAID) navigate(`/home/myOrderCai?status=${MATCH_STATUS.UNPAID}`);
      else if (env.code === MATCH_CODE.PAID) navigate(`/home/myOrderCai?status=${MATCH_STATUS.PAID}`);
      else if (env.code === 400 && flag !== null)
        Modal.warning({
          title: t('task.miniTitle'),
          content: <MiniProgramHint msg={env.msg} settings={settings} />,
        });
      else void message.error(env.msg, 1);
    } finally {
      setBusy(false);
    }
  };

  /** The form page, with what the match answered. */
  const toForm = (d: MatchAnswer) => {
    const p = new URLSearchParams({
      flag: String(d.flag),
      row: String(d.row),
      bh: d.bh,
      yxdm: d.yxdm,
      studentId: d.studentId,
      signature: d.signature,
    });
    navigate(`/home/upImg?${p}`);
  };

  const reset = () => {
    setFlag(null);
    setProving(null);
  };

  return (
    <Card>
      <h1 style={{ fontSize: 22 }}>{t('task.collectTitle')}</h1>
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 520 }}
        requiredMark
        onValuesChange={(c) => {
          if ('school' in c || 'signature' in c) reset();
          else if ('studentId' in c) setProving(null);
        }}
      >
        <Form.Item
          name="school"
          label={t('task.school')}
          rules={[
            { required: true, message: t('msg.task.schoolRequired') },
            { validator: async () => (yxdm ? undefined : Promise.reject(new Error(t('msg.school.chooseFromList')))) },
          ]}
        >
          <AutoComplete
            options={options}
            placeholder={t('task.schoolPlaceholder')}
            onChange={() => setYxdm(null)}
            onSelect={(_v, o) => setYxdm((o as { yxdm: string }).yxdm)}
          />
        </Form.Item>
        <Form.Item
          name="signature"
          label={t('task.featureCode')}
          rules={[{ required: true, whitespace: true, message: t('msg.task.featureCodeRequired') }]}
        >
          <Input placeholder={t('task.featureCodePlaceholder')} autoComplete="off" />
        </Form.Item>
        {flag === null && (
          <Button type="primary" loading={busy} onClick={() => void check()}>
            {t('task.check')}
          </Button>
        )}
        {flag !== null && (
          <>
            {flag === 1 ? (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 16 }}
                message={t('task.appStepsTitle')}
                description={
                  <Steps
                    direction="vertical"
                    size="small"
                    current={-1}
                    items={[1, 2, 3].map((n) => ({ title: t(`task.appStep${n}`) }))}
                  />
                }
              />
            ) : (
              <Alert type="success" showIcon style={{ marginBottom: 16 }} message={t('task.plainTitle')} />
            )}
            <Form.Item
              name="studentId"
              label={t('task.studentNumber')}
              rules={[
                { required: true, whitespace: true, message: t('msg.studentId.required') },
                { pattern: PATTERNS.collectionNumber, message: t('msg.task.studentIdPattern') },
              ]}
            >
              <Input placeholder={t('task.studentNumberPlaceholder')} autoComplete="off" maxLength={20} />
            </Form.Item>
            {!proving && (
              <Button type="primary" loading={busy} onClick={() => void match()}>
                {t('task.match')}
              </Button>
            )}
          </>
        )}
      </Form>
      {proving && <ProofStep match={proving} onProven={toForm} />}
      {gate.dialog}
    </Card>
  );
}
