import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/core.ts';
import { reply, stubFetch } from '../../lib/api/envelope.testkit.ts';
import { cGet, cPost, getStaffToken, setStaffToken } from './console-api.ts';
// The console's red toast is antd's message, registered as the app's providers do.
import '../../lib/api/antd-toaster.ts';

// The red toast is antd's message, which renders after the call returns: recorded here
// instead, so nothing renders once the file's test environment is gone.
const toasts = vi.hoisted(() => vi.fn());
vi.mock('antd', async (original) => ({
  ...(await original<typeof import('antd')>()),
  message: { error: toasts },
}));

/** The console's calls run on the portal's core: same envelope, signature and error rules, staff session. */
describe('console api', () => {
  const fetchMock = stubFetch();

  it('sends the staff token, never a member token, and leaves empty filters out of the query', async () => {
    setStaffToken('staff-tok');
    sessionStorage.setItem('token', 'member-tok');
    fetchMock.mockResolvedValueOnce(reply(200, { total: 0, rows: [] }));
    expect(await cGet('/api/console/orders', { q: '', state: 120, page: undefined })).toEqual({ total: 0, rows: [] });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/console/orders?state=120');
    expect(init.headers['x-staff-token']).toBe('staff-tok');
    expect(init.headers.authorization).toBeUndefined();
  });

  it('posts plain JSON (staff bodies are not signed)', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, { changed: 1 }));
    await cPost('/api/console/orders/transition', { ids: [1], action: 'approve' });
    const [, init] = fetchMock.mock.calls[0];
    expect(JSON.parse(init.body as string)).toEqual({ ids: [1], action: 'approve' });
  });

  it('rejects an answer whose signature does not match', async () => {
    fetchMock.mockResolvedValueOnce(reply(200, {}, '', 'bad'));
    await expect(cGet('/api/console/me')).rejects.toMatchObject({ code: -3 });
  });

  it('forgets the staff session on 700', async () => {
    setStaffToken('staff-tok');
    fetchMock.mockResolvedValueOnce(reply(700, null, '请先登录'));
    await expect(cGet('/api/console/me')).rejects.toBeInstanceOf(ApiError);
    expect(getStaffToken()).toBeNull();
  });

  it('throws the server message for other codes', async () => {
    fetchMock.mockResolvedValueOnce(reply(403, null, '没有权限'));
    await expect(cGet('/api/console/staff')).rejects.toMatchObject({ code: 403, message: '没有权限' });
    expect(toasts).toHaveBeenLastCalledWith('没有权限', expect.any(Number));
  });
});
