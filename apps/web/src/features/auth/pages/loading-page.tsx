import { useEffect, useState } from 'react';
import { Button, Card, Result, Spin } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { setSession } from '../../../lib/session.ts';
import { oauthCallback } from '../api.ts';
import { useAfterLogin } from '../components/use-after-login.tsx';

/** A callback code is good once: remember the ones handled (React may run an effect twice). */
const handled = new Set<string>();

/** Third-party login callback: code 0 logs in; an openId goes on to /selectStudent. */
export default function LoadingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { finish, prompt } = useAfterLogin();
  const [error, setError] = useState('');
  const code = params.get('code') ?? '';
  const state = params.get('state') ?? '';

  useEffect(() => {
    const key = `${code}:${state}`;
    if (handled.has(key)) return;
    handled.add(key);
    if (!code || !state) {
      setError(t('msg.oauth.stateInvalid'));
      return;
    }
    void (async () => {
      try {
        const env = await oauthCallback({ code, state });
        if (env.code === 0 || env.code === 200) await finish(env.data);
        else if (env.code === 201 && env.data?.openId) {
          setSession('openId', env.data.openId);
          navigate('/selectStudent', { replace: true });
        } else setError(env.msg);
      } catch (e) {
        setError((e as Error).message);
      }
    })();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code, state]);

  return (
    <Card>
      <h1 className="sr-only">{t('page.loading')}</h1>
      {error ? (
        <Result
          status="warning"
          title={error}
          extra={
            <Button type="primary" onClick={() => navigate('/login')}>
              {t('loading.backToLogin')}
            </Button>
          }
        />
      ) : (
        <div style={{ padding: 64, textAlign: 'center' }} role="status">
          <Spin tip={t('loading.signingIn')}>
            <div style={{ minHeight: 40 }} />
          </Spin>
        </div>
      )}
      {prompt}
    </Card>
  );
}
