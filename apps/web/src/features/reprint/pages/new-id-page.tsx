import { useEffect, useState } from 'react';
import { Alert, AutoComplete, Button, Card, Form, Input, Modal, Select, message } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { PATTERNS } from '@portal/contract/validation';
import { ID_TYPES } from '@portal/contract/enums';
import { idNumberIssue, type SchoolSuggestion } from '@portal/contract/orders';
import { BIND_ID_TYPES } from '@portal/contract/reprint';
import { pick } from '../../../lib/i18n.ts';
import { bind, fetchCheckStatus, pathForBindStatus, searchSchools } from '../api.ts';
import { ReprintNotes } from '../components/reprint-notes.tsx';

const schoolLabel = (s: SchoolSuggestion) => `${s.schoolname || s.name} (${s.yxdm})`;

interface Values {
  school: string;
  studentId: string;
  idType: number;
  idNum?: string;
}

/** A refusal shown in the page: the wrong number, the day's tries used up, or a dispute sent to customer service. */
interface Refusal {
  kind: 'failed' | 'locked' | 'dispute';
  text: string;
}

/** /newId: choose the school, enter the student number and the document number of the record, confirm, bind, then /developFilms. */
export default function NewIdPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [options, setOptions] = useState<SchoolSuggestion[]>([]);
  const [chosen, setChosen] = useState<SchoolSuggestion | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const idType = (Form.useWatch('idType', form) as number | undefined) ?? 1;
  const isCard = idType === 1;

  // Someone already bound (or pending) belongs elsewhere.
  useEffect(() => {
    void fetchCheckStatus()
      .then((s) => {
        if (s === 1 || s === 2) navigate(pathForBindStatus(s), { replace: true });
      })
      .catch(() => undefined);
  }, [navigate]);

  const keyword = Form.useWatch('school', form) as string | undefined;
  useEffect(() => {
    if (!keyword?.trim() || chosen) return;
    const timer = setTimeout(() => {
      searchSchools(keyword.trim())
        .then(setOptions)
        .catch(() => setOptions([]));
    }, 250);
    return () => clearTimeout(timer);
  }, [keyword, chosen]);

  const send = async (v: Values, yxdm: string) => {
    setBusy(true);
    setRefusal(null);
    try {
      const r = await bind({ studentId: v.studentId.trim(), yxdm, idType: v.idType, idNum: v.idNum?.trim() });
      if (r.code === 200) {
        void message.success(r.msg || t('msg.ok.bound'), 1);
        await qc.invalidateQueries({ queryKey: ['reprint'] });
        navigate('/developFilms');
        return;
      }
      // The server answers in the page's language, so its dispute messages are recognised as such.
      const dispute = [t('msg.reprint.disputeOpened'), t('msg.reprint.disputePending')].includes(r.msg);
      setRefusal({ kind: r.code === 429 ? 'locked' : dispute ? 'dispute' : 'failed', text: r.msg });
    } catch {
      // the client showed the server's message
    } finally {
      setBusy(false);
    }
  };

  const submit = (v: Values) => {
    if (!chosen || !v.studentId?.trim()) {
      void message.error(t('msg.binding.required'), 1);
      return;
    }
    Modal.confirm({
      title: t('reprint.newId.confirmTitle'),
      content: t('reprint.newId.confirmBody', {
        school: chosen.schoolname || chosen.name,
        studentId: v.studentId.trim(),
      }),
      okText: t('reprint.dialog.ok'),
      cancelText: t('reprint.dialog.cancel'),
      onOk: () => send(v, chosen.yxdm),
    });
  };

  return (
    <Card>
      <h1 style={{ fontSize: 22 }}>{t('reprint.newId.title')}</h1>
      <p>{t('reprint.newId.intro')}</p>
      <ReprintNotes />
      {refusal && (
        <Alert
          data-testid="bind-refusal"
          role="alert"
          showIcon
          style={{ maxWidth: 560, margin: '12px 0' }}
          type={refusal.kind === 'dispute' ? 'info' : refusal.kind === 'locked' ? 'warning' : 'error'}
          message={t(
            refusal.kind === 'dispute'
              ? 'reprint.newId.disputeTitle'
              : refusal.kind === 'locked'
                ? 'reprint.newId.lockedTitle'
                : 'reprint.newId.failedTitle',
          )}
          description={refusal.text}
        />
      )}
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 480 }}
        onFinish={submit}
        initialValues={{ idType: 1 }}
        requiredMark
      >
        <Form.Item
          name="school"
          label={t('reprint.newId.school')}
          required
          extra={t('msg.school.chooseFromList')}
          rules={[
            { validator: () => (chosen ? Promise.resolve() : Promise.reject(new Error(t('msg.binding.required')))) },
          ]}
        >
          <AutoComplete
            placeholder={t('reprint.newId.schoolPlaceholder')}
            options={options.map((o) => ({ value: schoolLabel(o) }))}
            onChange={(v: string) => setChosen(options.find((o) => schoolLabel(o) === v) ?? null)}
            aria-label={t('reprint.newId.school')}
          />
        </Form.Item>
        <Form.Item
          name="studentId"
          label={t('reprint.newId.studentId')}
          rules={[
            { required: true, whitespace: true, message: t('msg.binding.required') },
            { pattern: PATTERNS.studentId, message: t('msg.studentId.invalid') },
          ]}
        >
          <Input maxLength={18} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="idType"
          label={t('reprint.newId.idType')}
          rules={[{ required: true, message: t('msg.idType.required') }]}
        >
          <Select
            aria-label={t('reprint.newId.idType')}
            options={BIND_ID_TYPES.map((v) => ({ value: v, label: pick(ID_TYPES[v]) }))}
            // A number typed for one document type means nothing for another.
            onChange={() => form.setFieldValue('idNum', undefined)}
          />
        </Form.Item>
        <Form.Item
          name="idNum"
          label={t(isCard ? 'reprint.newId.idCard' : 'reprint.newId.idNum')}
          extra={t('reprint.newId.idCardHelp')}
          required
          rules={[
            {
              validator: (_, v?: string) => {
                const issue = idNumberIssue(form.getFieldValue('idType') as number, v);
                return issue ? Promise.reject(new Error(t(`msg.${issue}`))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input maxLength={isCard ? 18 : 30} autoComplete="off" spellCheck={false} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('reprint.newId.submit')}
        </Button>
      </Form>
    </Card>
  );
}
