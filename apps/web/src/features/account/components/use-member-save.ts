import { useState } from 'react';
import { message } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { announceSessionChange } from '../../../lib/session.ts';
import { MEMBER_INFO_KEY } from '../../../lib/member-info.ts';

/**
 * Saves a change of the member's own name or e-mail: the server's word (or "modified"), then
 * `remember` updates the session's copy, other tabs hear of it and the member info is read again.
 * A refusal was shown by the client; `busy` holds the submit button meanwhile.
 */
export function useMemberSave() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const save = async (call: () => Promise<{ msg?: string }>, remember: () => void) => {
    setBusy(true);
    try {
      const env = await call();
      void message.success(env.msg || t('msg.ok.modified'), 1);
      remember();
      announceSessionChange();
      await qc.invalidateQueries({ queryKey: MEMBER_INFO_KEY });
    } catch {
      // the client has shown the message
    } finally {
      setBusy(false);
    }
  };
  return { busy, save };
}
