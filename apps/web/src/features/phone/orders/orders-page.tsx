import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Button from 'antd-mobile/es/components/button';
import { useAllOrders, type PhoneOrder } from '../api.ts';
import { phonePaths } from '../paths.ts';
import { hintKey, KIND_KEY, nextSteps } from './order-facts.ts';
import { StateTag } from './state-tag.tsx';
import { PhoneQueryState } from '../shell/phone-query-state.tsx';

/** My orders: the three kinds in one list, newest first, each with what can be done now. */
export default function PhoneOrdersPage() {
  const { t } = useTranslation();
  const q = useAllOrders();
  return (
    <>
      <h1 className="phone-title">{t('phone.orders.title')}</h1>
      {!q.isSuccess ? (
        <PhoneQueryState query={q} />
      ) : q.data.length === 0 ? (
        <EmptyOrders />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {q.data.map((o) => (
            <OrderCard key={`${o.kind}-${o.id}`} order={o} />
          ))}
        </ul>
      )}
    </>
  );
}

function EmptyOrders() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="phone-card" style={{ textAlign: 'center' }}>
      <h2 className="phone-section-title">{t('phone.orders.empty')}</h2>
      <p className="phone-muted">{t('phone.orders.emptyHow')}</p>
      <Button color="primary" block onClick={() => navigate(phonePaths.newOrder)}>
        {t('phone.orders.start')}
      </Button>
    </div>
  );
}

function OrderCard({ order: o }: { order: PhoneOrder }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = nextSteps(o);
  return (
    <li className="phone-card" data-testid={`order-${o.orderNo}`}>
      <div className="phone-row">
        <span className="phone-muted">{t(KIND_KEY[o.kind])}</span>
        <StateTag state={o.state} />
      </div>
      <h2 style={{ fontSize: 16, margin: '8px 0 4px' }}>
        <Link to={phonePaths.order(o.id, o.kind)}>{t('phone.orders.no', { no: o.orderNo })}</Link>
      </h2>
      <div className="phone-muted">
        {o.names.join('、')} · ¥{o.payTotal} · {o.ctime.slice(0, 10)}
      </div>
      <p style={{ margin: '8px 0 0' }}>{t(hintKey(o))}</p>
      <div className="phone-actions">
        {can.pay && (
          <Button color="primary" onClick={() => navigate(phonePaths.pay(o.id))}>
            {t('phone.action.pay')}
          </Button>
        )}
        {can.fix && (
          <Button color="danger" onClick={() => navigate(phonePaths.order(o.id, o.kind))}>
            {t('phone.action.fix')}
          </Button>
        )}
        {can.track && (
          <Button onClick={() => navigate(phonePaths.track(o.id, o.kind))}>{t('phone.action.track')}</Button>
        )}
        {can.refund && (
          <Button onClick={() => navigate(phonePaths.refund(o.id, o.kind))}>{t('phone.action.refund')}</Button>
        )}
        <Button fill="outline" onClick={() => navigate(phonePaths.order(o.id, o.kind))}>
          {t('phone.action.view')}
        </Button>
      </div>
    </li>
  );
}
