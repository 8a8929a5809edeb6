import { useState } from 'react';
import { useNavigate } from 'react-router';
import { storeLogin, setSession } from '../../../lib/session.ts';
import { loadMemberInfo, takeReturnPath } from '../../../lib/member-info.ts';
import { refuseFlag, type LoginAnswer } from '../api.ts';
import { RejectPrompt } from './reject-prompt.tsx';

/**
 * After login (document 1, section 4): store token, randomKey and isFirst, fetch the
 * member, then /firstIn, or the rejected-photo prompt, or the saved return path.
 */
export function useAfterLogin() {
  const navigate = useNavigate();
  const [flag, setFlag] = useState(0);
  const finish = async (r: LoginAnswer) => {
    storeLogin(r);
    setSession('openId', null);
    const m = await loadMemberInfo();
    if (m.isFirst) {
      navigate('/firstIn', { replace: true });
      return;
    }
    const f = await refuseFlag().catch(() => 0);
    setSession('reject', f);
    if (f > 0) setFlag(f);
    else navigate(takeReturnPath(), { replace: true });
  };
  const prompt = (
    <RejectPrompt
      flag={flag}
      onList={(to) => {
        setFlag(0);
        setSession('url', null);
        navigate(to, { replace: true });
      }}
      onDismiss={() => {
        setFlag(0);
        navigate(takeReturnPath(), { replace: true });
      }}
    />
  );
  return { finish, prompt };
}
