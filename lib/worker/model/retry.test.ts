import { APIConnectionError, APIError, APIUserAbortError, RateLimitError } from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { isRetryable, serverDelayMs, withRetries } from './retry';

const apiError = (status: number, headers: Record<string, string> = {}) =>
  APIError.generate(status, { type: 'error', error: { type: 'x', message: 'm' } }, undefined, new Headers(headers));

function recorder() {
  const waits: number[] = [];
  return { waits, deps: { sleep: async (ms: number) => void waits.push(ms), onWait: () => {} } };
}

describe('withRetries', () => {
  it('retries a 529 with doubling backoff, then succeeds', async () => {
    const r = recorder();
    let n = 0;
    const result = await withRetries(
      async () => (++n < 3 ? Promise.reject(apiError(529)) : 'ok'),
      { retries: 2, capMs: 30_000, baseMs: 1000 },
      r.deps,
    );
    expect(result).toBe('ok');
    expect(r.waits).toEqual([1000, 2000]);
  });

  it('honours retry-after, but never waits longer than the cap', async () => {
    const r = recorder();
    let n = 0;
    await withRetries(
      async () => (++n === 1 ? Promise.reject(apiError(429, { 'retry-after': '600' })) : 'ok'),
      { retries: 2, capMs: 20_000, baseMs: 1000 },
      r.deps,
    );
    expect(r.waits).toEqual([20_000]);
  });

  it('tells the caller each wait, for a countdown', async () => {
    const told: Array<[number, number]> = [];
    let n = 0;
    await withRetries(
      async () => (++n === 1 ? Promise.reject(apiError(429, { 'retry-after-ms': '1500' })) : 'ok'),
      { retries: 1, capMs: 30_000, baseMs: 1 },
      {
        sleep: async () => {},
        onWait: (ms, attempt) => told.push([ms, attempt]),
      },
    );
    expect(told).toEqual([[1500, 1]]);
  });

  it('gives up after the last retry with the last error', async () => {
    const r = recorder();
    await expect(
      withRetries(async () => Promise.reject(apiError(503)), { retries: 2, capMs: 10, baseMs: 1 }, r.deps),
    ).rejects.toMatchObject({ status: 503 });
    expect(r.waits).toHaveLength(2);
  });

  it('does not retry what another try cannot fix', async () => {
    const r = recorder();
    await expect(
      withRetries(async () => Promise.reject(apiError(401)), { retries: 2, capMs: 10, baseMs: 1 }, r.deps),
    ).rejects.toMatchObject({ status: 401 });
    expect(r.waits).toEqual([]);
  });
});

describe('isRetryable / serverDelayMs', () => {
  it('retries overload, rate limits, timeouts and dropped connections; not aborts, auth or bad requests', () => {
    expect(isRetryable(apiError(529))).toBe(true);
    expect(isRetryable(apiError(429))).toBe(true);
    expect(isRetryable(apiError(500))).toBe(true);
    expect(isRetryable(new APIConnectionError({ message: 'down' }))).toBe(true);
    expect(isRetryable(new APIUserAbortError())).toBe(false);
    expect(isRetryable(apiError(400))).toBe(false);
    expect(isRetryable(apiError(429, { 'x-should-retry': 'false' }))).toBe(false);
    // An `event: error` in the middle of a stream has no status: the answer was half sent.
    expect(isRetryable(new APIError(undefined, { type: 'error', error: { type: 'overloaded_error' } }, 'x', undefined))).toBe(
      false,
    );
  });

  it('reads retry-after-ms, retry-after in seconds, and an HTTP date', () => {
    expect(serverDelayMs(apiError(429, { 'retry-after-ms': '250' }))).toBe(250);
    expect(serverDelayMs(apiError(429, { 'retry-after': '3' }))).toBe(3000);
    expect(serverDelayMs(apiError(429, { 'retry-after': new Date(Date.now() + 5000).toUTCString() }))).toBeGreaterThan(3000);
    expect(serverDelayMs(apiError(429))).toBeNull();
    expect(serverDelayMs(new Error('x'))).toBeNull();
    expect(apiError(429)).toBeInstanceOf(RateLimitError);
  });
});
