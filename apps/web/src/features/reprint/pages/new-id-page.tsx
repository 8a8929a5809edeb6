import { useEffect, useState } from 'react';
import { AutoComplete, Button, Card, Form, Input, Modal, message } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { PATTERNS, isValidIdCard } from '@portal/contract/validation';
import type { SchoolSuggestion } from '@portal/contract/orders';
import { bind, fetchCheckStatus, pathForBindStatus, searchSchools } from '../api.ts';
import { ReprintNotes } from '../components/reprint-notes.tsx';

const schoolLabel = (s: SchoolSuggestion) => `${s.schoolname || s.name} (${s.yxdm})`;

interface Values {
  school: string;
  studentId: string;
  idCard?: string;
}

/** /newId: choose the school, enter the student number (and ID card), confirm, bind, then /developFilms. */
export default function NewIdPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [options, setOptions] = useState<SchoolSuggestion[]>([]);
  const [chosen, setChosen] = useState<SchoolSuggestion | null>(null);
  const [busy, setBusy] = useState(false);

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

  const submit = async (v: Values) => {
    if (!chosen || !v.studentId?.trim()) {
      void message.error(t('msg.binding.required'), 1);
      return;
    }
    Modal.confirm({
      title: t('reprint.newId.confirmTitle'),
      content: t('reprint.newId.confirmBody', { school: chosen.schoolname || chosen.name, studentId: v.studentId.trim() }),
      okText: t('reprint.dialog.ok'),
      cancelText: t('reprint.dialog.cancel'),
      onOk: async () => {
        setBusy(true);
        try {
          const msg = await bind({ studentId: v.studentId.trim(), yxdm: chosen.yxdm, idCard: v.idCard?.trim() || undefined });
          void message.success(msg || t('msg.ok.bound'), 1);
          await qc.invalidateQueries({ queryKey: ['reprint'] });
          navigate('/developFilms');
        } catch {
          // the client showed the server's message
        } finally {
          setBusy(false);
        }
      },
    });
  };

  return (
    <Card>
      <h1 style={{ fontSize: 22 }}>{t('reprint.newId.title')}</h1>
      <p>{t('reprint.newId.intro')}</p>
      <ReprintNotes />
      <Form form={form} layout="vertical" style={{ maxWidth: 480 }} onFinish={submit} requiredMark>
        <Form.Item
          name="school"
          label={t('reprint.newId.school')}
          required
          extra={t('msg.school.chooseFromList')}
          rules={[{ validator: () => (chosen ? Promise.resolve() : Promise.reject(new Error(t('msg.binding.required')))) }]}
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
          name="idCard"
          label={t('reprint.newId.idCard')}
          extra={t('reprint.newId.idCardHelp')}
          rules={[{ validator: (_, v?: string) => (!v || isValidIdCard(v.trim()) ? Promise.resolve() : Promise.reject(new Error(t('msg.idCard.invalid')))) }]}
        >
          <Input maxLength={18} autoComplete="off" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>
          {t('reprint.newId.submit')}
        </Button>
      </Form>
    </Card>
  );
}
