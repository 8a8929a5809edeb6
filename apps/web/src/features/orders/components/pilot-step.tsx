import { useState } from 'react';
import { Button, Form, Select, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { EDUCATION_LEVELS } from '@portal/contract/enums';
import type { SchoolSuggestion } from '@portal/contract/orders';
import { pick } from '../../../lib/i18n.ts';
import { SchoolPicker } from './school-picker.tsx';

/** Step 2: school from the suggestions and education level; pilot schools offer 4 and 5 (the app QR flow). */
export function PilotStep({
  onConfirm,
  initial,
}: {
  onConfirm: (school: SchoolSuggestion, education: number) => void;
  /** What the member chose before (kept across a reload or Back). */
  initial?: { school: SchoolSuggestion | null; education?: number };
}) {
  const { t } = useTranslation();
  const [school, setSchool] = useState<SchoolSuggestion | null>(initial?.school ?? null);
  const [education, setEducation] = useState<number | undefined>(initial?.education);
  const [initialText] = useState(initial?.school?.schoolname);
  const levels = school ? school.educations.filter((n) => n >= 1 && n <= 3) : [1, 2, 3];
  const options = [
    ...levels.map((n) => ({ value: n, label: pick(EDUCATION_LEVELS[n]) })),
    ...(school?.testPoint === 1 ? [4, 5].map((n) => ({ value: n, label: t(`orders.edu.${n}`) })) : []),
  ];
  const confirm = () => {
    if (!school) return void message.error(t('msg.school.chooseFromList'), 1);
    if (!education) return void message.error(t('msg.education.required'), 1);
    onConfirm(school, education);
  };
  return (
    <section aria-labelledby="school-h">
      <h2 id="school-h" style={{ fontSize: 18 }}>
        {t('orders.step.school')}
      </h2>
      <Form layout="horizontal" labelCol={{ span: 4 }} wrapperCol={{ span: 12 }}>
        <Form.Item label={t('orders.school.label')} htmlFor="pilot-school" required>
          <SchoolPicker
            id="pilot-school"
            value={initialText}
            onPick={(s) => {
              setSchool(s);
              setEducation(undefined);
            }}
          />
        </Form.Item>
        <Form.Item label={t('orders.school.education')} htmlFor="pilot-edu" required>
          <Select
            id="pilot-edu"
            value={education}
            onChange={setEducation}
            options={options}
            aria-label={t('orders.school.education')}
            // One line under each choice: what the plain and the app-collected ways mean.
            optionRender={(o) => (
              <div>
                <div>{o.label}</div>
                <div className="edu-hint" style={{ fontSize: 12, color: 'rgba(0,0,0,0.55)', whiteSpace: 'normal' }}>
                  {t(Number(o.value) >= 4 ? 'orders.edu.hintApp' : 'orders.edu.hintPlain')}
                </div>
              </div>
            )}
          />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Button type="primary" onClick={confirm}>
            {t('orders.school.confirm')}
          </Button>
        </Form.Item>
      </Form>
    </section>
  );
}
