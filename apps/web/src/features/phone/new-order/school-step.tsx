import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Input } from 'antd-mobile';
import { EDUCATION_LEVELS } from '@portal/contract/enums';
import { PILOT_QR_EDUCATIONS, type SchoolSuggestion } from '@portal/contract/orders';
import { pick } from '../../../lib/i18n-core.ts';
import { toastFail } from '../phone-toast.ts';
import { searchSchools } from './api.ts';

/**
 * The school from the suggestions (by name or code; confirmed only by tapping one) and the
 * education level; a pilot school also offers the national app's levels 4 and 5 (the QR step).
 */
export function SchoolStep({
  initial,
  onConfirm,
}: {
  initial: { school: SchoolSuggestion | null; education?: number };
  onConfirm: (school: SchoolSuggestion, education: number, pilot: boolean) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial.school?.schoolname ?? '');
  const [school, setSchool] = useState<SchoolSuggestion | null>(initial.school);
  const [education, setEducation] = useState<number | undefined>(initial.education);
  const [list, setList] = useState<SchoolSuggestion[] | null>(null);

  useEffect(() => {
    if (!text.trim() || school?.schoolname === text) return setList(null);
    const h = setTimeout(() => {
      searchSchools(text)
        .then(setList)
        .catch(() => setList([]));
    }, 250);
    return () => clearTimeout(h);
  }, [text, school]);

  const levels = school ? school.educations.filter((n) => n >= 1 && n <= 3) : [1, 2, 3];
  const options = [
    ...levels.map((n) => ({ value: n, label: pick(EDUCATION_LEVELS[n]), hint: t('orders.edu.hintPlain') })),
    ...(school?.testPoint === 1
      ? [4, 5].map((n) => ({ value: n, label: t(`orders.edu.${n}`), hint: t('orders.edu.hintApp') }))
      : []),
  ];
  const confirm = () => {
    if (!school) return toastFail(t('msg.school.chooseFromList'));
    if (!education) return toastFail(t('msg.education.required'));
    const pilot = school.testPoint === 1 && (PILOT_QR_EDUCATIONS as readonly number[]).includes(education);
    onConfirm(school, education, pilot);
  };

  return (
    <section className="phone-card new-order-form" aria-labelledby="school-h">
      <h2 id="school-h" className="phone-section-title" style={{ marginTop: 0 }}>
        {t('orders.step.school')}
      </h2>
      <label htmlFor="new-school" className="phone-form-label">
        {t('orders.school.label')}
      </label>
      <Input
        id="new-school"
        value={text}
        placeholder={t('orders.school.placeholder')}
        onChange={(v) => {
          setText(v);
          setSchool(null);
          setEducation(undefined);
        }}
        clearable
      />
      <p className="phone-muted" style={{ margin: '6px 0 0' }}>
        {school ? t('phone.new.chosen', { name: school.schoolname }) : t('phone.new.searchHint')}
      </p>
      {list && !school && (
        <div role="list" aria-label={t('orders.school.label')}>
          {list.length === 0 && <p className="phone-muted">{t('phone.new.noSchool')}</p>}
          {list.slice(0, 20).map((s) => (
            <div role="listitem" key={s.yxdm}>
              <button
                type="button"
                className="new-order-choice"
                onClick={() => {
                  setSchool(s);
                  setText(s.schoolname);
                  setList(null);
                }}
              >
                {s.schoolname} ({s.yxdm}){' '}
                {s.testPoint === 1 && <span className="phone-state">{t('orders.school.pilot')}</span>}
              </button>
            </div>
          ))}
        </div>
      )}
      {school && (
        <fieldset style={{ border: 0, padding: 0, margin: '16px 0 0' }}>
          <legend className="phone-form-label">{t('orders.school.education')}</legend>
          {options.map((o) => (
            <button
              type="button"
              key={o.value}
              className="new-order-choice"
              aria-pressed={education === o.value}
              onClick={() => setEducation(o.value)}
            >
              <div>{o.label}</div>
              <div className="phone-muted" style={{ fontSize: 13 }}>
                {o.hint}
              </div>
            </button>
          ))}
        </fieldset>
      )}
      <div className="new-order-footer">
        <Button block color="primary" size="large" onClick={confirm}>
          {t('orders.school.confirm')}
        </Button>
      </div>
    </section>
  );
}

/**
 * A pilot school's national-app step: the app scans a code shown on another screen, so on a phone
 * the desktop's fallback, 手动填写, leads to the form.
 */
export function QrStep({ onManual }: { onManual: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="phone-card" aria-labelledby="qr-h">
      <h2 id="qr-h" className="phone-section-title" style={{ marginTop: 0 }}>
        {t('phone.new.step.qr')}
      </h2>
      <p>{t('phone.new.qrPhone')}</p>
      <Button block color="primary" size="large" onClick={onManual}>
        {t('orders.qr.manual')}
      </Button>
    </section>
  );
}
