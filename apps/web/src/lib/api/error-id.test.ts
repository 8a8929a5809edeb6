import { afterAll, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { message } from 'antd';
import { responseSign } from '@portal/contract/envelope';
import './antd-toaster.ts';
import { request } from './client.ts';
import { stubFetch } from './envelope.testkit.ts';
import { i18n } from '../i18n.ts';

// The red toast carries the answer's request id (x-request-id) so customer service can find its
// log line: recorded here instead of rendered, as in client.test.ts.
vi.mock('antd', async (original) => ({
  ...(await original<typeof import('antd')>()),
  message: { error: vi.fn() },
}));

const SECRET = import.meta.env.VITE_RESPONSE_SECRET as string;

/** The last toast as the page shows it: its markup, and its text as a reader sees it. */
function lastToast(): { html: string; text: string } {
  const [content, seconds] = vi.mocked(message.error).mock.lastCall as [ReactNode, number];
  expect(seconds).toBe(1);
  const html = typeof content === 'string' ? content : renderToStaticMarkup(content);
  return { html, text: html.replace(/<[^>]+>/g, '') };
}

function failing(code: number, msg: string, requestId?: string) {
  const timestamp = Date.now();
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (requestId) headers['x-request-id'] = requestId;
  return new Response(
    JSON.stringify({ code, msg, data: null, timestamp, sign: responseSign(code, timestamp, SECRET) }),
    { status: code, headers },
  );
}

describe('the red toast names the error id', () => {
  const fetchMock = stubFetch();
  afterAll(() => i18n.changeLanguage('zh'));

  it('zh: 错误编号 and the id after the server message; the thrown error keeps the message alone', async () => {
    await i18n.changeLanguage('zh');
    fetchMock.mockResolvedValueOnce(failing(409, '当前状态不允许此操作', '3fa9c2e110-1k'));
    await expect(request('GET', '/api/baseInfo/settings')).rejects.toMatchObject({
      code: 409,
      message: '当前状态不允许此操作',
    });
    const t = lastToast();
    expect(t.text).toBe('当前状态不允许此操作（错误编号 3fa9c2e110-1k）');
    // The server's message stands in an element of its own, so it reads (and is found) as written.
    expect(t.html).toContain('<span>当前状态不允许此操作</span>');
  });

  it('en: Error ID and the id', async () => {
    await i18n.changeLanguage('en');
    fetchMock.mockResolvedValueOnce(failing(500, 'Server error', 'lb-7f3a9c2e11'));
    await expect(request('GET', '/api/baseInfo/settings')).rejects.toMatchObject({ code: 500 });
    expect(lastToast().text).toBe('Server error (Error ID lb-7f3a9c2e11)');
  });

  it('without the header the toast is the message alone', async () => {
    await i18n.changeLanguage('zh');
    fetchMock.mockResolvedValueOnce(failing(400, '参数错误'));
    await expect(request('GET', '/api/baseInfo/settings')).rejects.toMatchObject({ code: 400 });
    expect(vi.mocked(message.error)).toHaveBeenLastCalledWith('参数错误', 1);
  });
});
