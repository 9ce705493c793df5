import { APIConnectionError } from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { describeError } from './errors';
import { fetchWithoutRedirects, RedirectRefusedError, redirectRefusal } from '@/lib/shared/servers/no-redirect';
import { isRetryable } from './retry';

describe('fetchWithoutRedirects', () => {
  it('asks the browser not to follow, and refuses the opaque redirect a browser then returns', async () => {
    const inits: RequestInit[] = [];
    const browserFetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      inits.push(init ?? {});
      return { type: 'opaqueredirect', status: 0, headers: new Headers(), body: null } as unknown as Response;
    }) as typeof fetch;
    const err = await fetchWithoutRedirects(browserFetch)('https://api.example/v1/messages', {
      method: 'POST',
      headers: { 'x-api-key': 'sk' },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RedirectRefusedError);
    expect(inits[0]).toMatchObject({ method: 'POST', redirect: 'manual' });
  });

  it('passes every other answer on, errors included', async () => {
    const ok = new Response('{}', { status: 200 });
    const limited = new Response('{}', { status: 429 });
    let next = ok;
    const f = fetchWithoutRedirects((async () => next) as typeof fetch);
    expect(await f('https://api.example')).toBe(ok);
    next = limited;
    expect(await f('https://api.example')).toBe(limited);
  });

  it('as the SDK wraps it: not tried again, and the popup says the key was not sent on', () => {
    const wrapped = new APIConnectionError({ cause: new RedirectRefusedError(307, 'https://elsewhere.example/v1') });
    expect(redirectRefusal(wrapped)).toBeInstanceOf(RedirectRefusedError);
    expect(isRetryable(wrapped)).toBe(false);
    expect(isRetryable(new APIConnectionError({ cause: new Error('reset') }))).toBe(true);
    expect(describeError(wrapped)).toMatchObject({ kind: 'redirect', action: 'open-options' });
    expect(describeError(wrapped).message).toMatch(/redirect to https:\/\/elsewhere\.example\/v1\. The key is never sent on/);
  });
});
