import type { FastifyPluginAsync } from 'fastify';
import {
  Kuaidi100Tracking,
  PUSH_ACK,
  PushRejected,
  PushUnreadable,
  pushNack,
} from '../../providers/tracking-kuaidi100.ts';
import { receiveTrack } from './parcel-service.ts';

/**
 * Where Kuaidi100 pushes (the subscription's callbackurl): a form with param and sign; answered its
 * way. Only a push that is not Kuaidi100's (no or a wrong sign) is refused. A signed push is
 * answered with the documented success body whatever it holds, since any other answer makes
 * Kuaidi100 send the same bytes again: a field not as documented is stored as received (an
 * unreadable time becomes the time it came) and logged; a push with no track at all is logged.
 */
export const kuaidi100CallbackRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const party = ctx.tracking;
  if (!(party instanceof Kuaidi100Tracking)) return;
  app.post('/api/tracking/kuaidi100/callback', { schema: { hide: true } }, async (req, reply) => {
    const form = (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
    let push;
    try {
      push = party.verifyPush(str(form.param), str(form.sign));
    } catch (e) {
      if (e instanceof PushUnreadable) {
        req.log.error({ why: e.message }, 'tracking push unreadable, accepted so that it is not sent again');
        return reply.code(200).send(PUSH_ACK);
      }
      if (!(e instanceof PushRejected)) throw e;
      req.log.warn({ why: e.message }, 'tracking push refused');
      return reply.code(400).send(pushNack(e.message));
    }
    if (push.track.problems)
      req.log.warn(
        { waybillNo: push.waybillNo, problems: push.track.problems },
        'tracking push: fields kept as received',
      );
    const applied = await receiveTrack(
      ctx,
      push.track,
      push.status === 'abort' ? `kuaidi100 abort: ${push.message ?? ''}` : undefined,
    );
    req.log.info(
      { waybillNo: push.waybillNo, parcels: applied.length, added: applied.reduce((n, a) => n + a.added, 0) },
      'tracking push',
    );
    return reply.code(200).send(PUSH_ACK);
  });
};
