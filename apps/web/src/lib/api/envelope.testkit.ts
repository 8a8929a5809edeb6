import { afterEach, beforeEach, vi } from 'vitest';
import { responseSign } from '@portal/contract/envelope';

// Shared by the tests of the two HTTP clients on the one core (see ARCHITECTURE.md, "Request path").

const SECRET = import.meta.env.VITE_RESPONSE_SECRET as string;

/** An answer as the server sends it: the envelope, signed unless a sign is given, 700 with HTTP 401. */
export function reply(code: number, data: unknown = null, msg = '', sign?: string) {
  const timestamp = Date.now();
  return new Response(
    JSON.stringify({ code, msg, data, timestamp, sign: sign ?? responseSign(code, timestamp, SECRET) }),
    { status: code === 700 ? 401 : 200, headers: { 'content-type': 'application/json' } },
  );
}

/** `fetch` as a mock for each test of the calling block, with an empty session storage. */
export function stubFetch() {
  const fetchMock = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });
  return fetchMock;
}
