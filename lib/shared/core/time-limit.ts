/**
 * A time limit on any promise, stopped at once by an abort signal: the worker bounds every step
 * that waits on a page, a frame or the PDF reader with it, so that no tab can hold a question.
 */

/** A step that did not finish within its bound. */
export class TimeLimitError extends Error {
  constructor(readonly ms: number) {
    super(`no answer within ${ms / 1000} s`);
    this.name = 'TimeLimitError';
  }
}

/**
 * `p`, or a TimeLimitError after `ms`, or the signal's reason as soon as it aborts: whichever comes
 * first. What `p` does afterwards is ignored.
 */
export function bounded<T>(p: Promise<T>, ms: number, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => settleWith(() => reject(new TimeLimitError(ms))), ms);
    const onAbort = () => settleWith(() => reject(signal!.reason));
    signal?.addEventListener('abort', onAbort, { once: true });
    function settleWith(f: () => void) {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      f();
    }
    p.then(
      (v) => settleWith(() => resolve(v)),
      (e: unknown) => settleWith(() => reject(e)),
    );
  });
}
