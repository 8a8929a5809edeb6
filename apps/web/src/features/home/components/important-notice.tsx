import { useState } from 'react';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { SafeHtml } from '../../../components/safe-html.tsx';
import { pick } from '../../../lib/i18n.ts';
import { useImportantNotice } from '../api.ts';

const SEEN_KEY = 'importantNoticeSeen';

/** The important-notice popup, once per browser session. */
export function ImportantNotice() {
  const { t } = useTranslation();
  const [show, setShow] = useState(() => sessionStorage.getItem(SEEN_KEY) !== '1');
  const q = useImportantNotice(show);
  const close = () => {
    sessionStorage.setItem(SEEN_KEY, '1');
    setShow(false);
  };
  const notice = q.data;
  return (
    <Modal
      open={show && !!notice}
      title={notice ? pick(notice.title) || t('home.important') : t('home.important')}
      onCancel={close}
      onOk={close}
      okText={t('home.important.ok')}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      {notice && <SafeHtml html={pick(notice.content)} />}
    </Modal>
  );
}
