/**
 * Our own retries for the model call, instead of the SDK's: the SDK honours `retry-after` with no
 * upper bound and waits silently, while a person at the popup needs a cap and a countdown.
 */
import { APIConnectionError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import { redirectRefusal } from '@/lib/shared/servers/no-redirect';

export interface RetryPolicy {
  /** Tries after the first. */
  retries: number;
  /** No wait is longer than this, whatever the server asks. */
  capMs: number;
  /** First backoff when the server names none; doubled each time. */
  baseMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { retries: 2, capMs: 30_000, baseMs: 1_000 };

/** Overloaded, rate limited, server errors, timeouts and dropped connections are worth another try. */
export function isRetryable(err: unknown): boolean {
  if (err instanceof APIUserAbortError) return false;
  // A redirect is the address's answer, not a hiccup: asking again gets the same.
  if (redirectRefusal(err)) return false;
  if (err instanceof APIConnectionError) return true;
  if (!(err instanceof APIError) || err.status === undefined) return false;
  if (err.headers?.get('x-should-retry') === 'false') return false;
  return err.status === 408 || err.status === 409 || err.status === 429 || err.status >= 500;
}

/** How long the server asked us to wait, in ms, if it said. */
export function serverDelayMs(err: unknown): number | null {
  if (!(err instanceof APIError) || !err.headers) return null;
  const ms = Number(err.headers.get('retry-after-ms'));
  if (Number.isFinite(ms) && ms > 0) return ms;
  const header = err.headers.get('retry-after');
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

export interface RetryDeps {
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Told before each wait: the popup shows a countdown. */
  onWait?: (ms: number, attempt: number, err: unknown) => void;
  signal?: AbortSignal;
}

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

export async function withRetries<T>(run: () => Promise<T>, policy: RetryPolicy, deps: RetryDeps): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (attempt >= policy.retries || !isRetryable(err)) throw err;
      const wait = Math.min(serverDelayMs(err) ?? policy.baseMs * 2 ** attempt, policy.capMs);
      deps.onWait?.(wait, attempt + 1, err);
      await deps.sleep(wait, deps.signal);
    }
  }
}
