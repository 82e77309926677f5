import { configure } from '@testing-library/react';
import { vi } from 'vitest';

export interface Call {
  url: string;
  method: string;
  body: unknown;
}

/** A fetch stand-in: answers the session, records every call, and replies to writes with a message. */
export function mockFetch(
  reply: (call: Call) => { status?: number; body?: unknown } | undefined = () => undefined,
  user: { name: string; group: string } = { name: 'listener', group: 'user' },
) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const call: Call = {
      url,
      method: init?.method ?? 'GET',
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    if (url.startsWith('/api/auth/me')) return json({ user, auth: true, reg: true });
    calls.push(call);
    const answer = reply(call) ?? { body: { message: 'Saved' } };
    return json(answer.body ?? {}, answer.status ?? 200);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText: status === 200 ? 'OK' : 'Error',
    headers: { 'content-type': 'application/json' },
  });
}

// jsdom has no FontFaceSet: Mantine's autosize Textarea listens on `document.fonts`.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
  });
}

// The shared machine is slow: give findBy/waitFor more time than the default second.
configure({ asyncUtilTimeout: 15_000 });
