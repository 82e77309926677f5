import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../src/api/client';

afterEach(() => vi.unstubAllGlobals());

describe('api()', () => {
  it('keeps the fields a 400 names, for forms to show beside each field', async () => {
    const errors = [{ param: 'tags.1', location: 'body', msg: 'no tag has this id', value: 999 }];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: 'Invalid tags.1: no tag has this id', errors }), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const failure = (await api('/api/x', { method: 'PUT', body: { tags: [1, 999] } }).catch(
      (error: unknown) => error,
    )) as ApiError;
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.message).toBe('Invalid tags.1: no tag has this id');
    expect(failure.fieldErrors).toEqual(errors);
  });

  it('sends a Blob as it is, with its own type (an image upload), and JSON otherwise', async () => {
    const fetch = vi.fn(
      async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const image = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    await api('/api/upload', { method: 'PUT', body: image });
    await api('/api/json', { method: 'PUT', body: { a: 1 } });
    const [upload, json] = (fetch.mock.calls as unknown as Array<[string, RequestInit]>).map(
      ([, init]) => init,
    );
    expect(upload).toMatchObject({ body: image, headers: { 'Content-Type': 'image/jpeg' } });
    expect(json).toMatchObject({ body: '{"a":1}', headers: { 'Content-Type': 'application/json' } });
  });
});
