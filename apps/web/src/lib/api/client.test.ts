import { describe, expect, it, vi } from 'vitest';
import { base64DecodeUtf8, bodySign } from '@portal/contract/envelope';
import './antd-toaster.ts';
import { request, ApiError } from './client.ts';
import { reply, stubFetch } from './envelope.testkit.ts';
import { setNavigator } from '../navigation.ts';
import { storeLogin, getSession } from '../session.ts';

// The red toast is antd's message, which renders after the call returns: recorded here
// instead, so nothing renders once the file's test environment is gone.
vi.mock('antd', async (original) => ({
  ...(await original<typeof import('antd')>()),
  message: { error: vi.fn() },
}));

describe('api client', () => {
  const fetchMock = stubFetch();

  it('returns data of a correctly signed success', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, { a: 1 }));
    const env = await request('GET', '/api/baseInfo/settings');
    expect(env.data).toEqual({ a: 1 });
  });

  it('rejects an answer whose signature does not match', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, { a: 1 }, '', 'bad'));
    await expect(request('GET', '/api/baseInfo/settings', { silent: true })).rejects.toMatchObject({ code: -3 });
  });

  it('signs a member POST with the random key and sends the headers', async () => {
    storeLogin({ token: 'tok', randomKey: 'rk', memberId: 7, isFirst: false });
    fetchMock.mockResolvedValueOnce(reply(200));
    await request('POST', '/api/member/updateMemberInfo', { body: { name: '张三' } });
    const [, init] = fetchMock.mock.calls[0];
    const body = JSON.parse(init.body as string);
    expect(body.sign).toBe(bodySign(body.object, 'rk'));
    expect(JSON.parse(base64DecodeUtf8(body.object))).toEqual({ name: '张三' });
    expect(init.headers.authorization).toBe('Bearer tok');
    expect(init.headers.memberId).toBe('7');
  });

  it('goes to /login on 700, remembering the return path', async () => {
    storeLogin({ token: 'tok', randomKey: 'rk', memberId: 7, isFirst: false });
    const nav = vi.fn();
    setNavigator(nav);
    window.history.pushState({}, '', '/home/myOrder?x=1');
    fetchMock.mockResolvedValueOnce(reply(700, null, '请先登录'));
    await expect(request('GET', '/api/member/getMemberInfo')).rejects.toBeInstanceOf(ApiError);
    expect(nav).toHaveBeenCalledWith('/login', undefined);
    expect(getSession('token')).toBeNull();
    expect(getSession('url')).toBe('/home/myOrder?x=1');
  });

  it('throws the server message for other codes', async () => {
    fetchMock.mockResolvedValueOnce(reply(409, null, '当前状态不允许此操作'));
    await expect(request('GET', '/api/order/findOrderList', { silent: true })).rejects.toMatchObject({
      code: 409,
      message: '当前状态不允许此操作',
    });
  });
});
