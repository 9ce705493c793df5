/**
 * The key never follows a redirect. A request to the API base URL carries the key in its headers;
 * a server (or whatever answers at that address) that redirects elsewhere would have the browser
 * send it on, to an origin the user never confirmed. So every request to a server, the worker's
 * model calls and the options page's model list and Test connection alike, fetches with
 * `redirect: 'manual'` and refuses any redirect as an error of its own, which the popup names
 * (rather than `redirect: 'error'`, whose failure looks like any dropped connection).
 */

/** The API base URL answered with a redirect: nothing more was sent. */
export class RedirectRefusedError extends Error {
  constructor(
    readonly status: number,
    readonly location: string | null,
  ) {
    super(`the API address answered with a redirect (${status || 'opaque'}${location ? ` to ${location}` : ''}); not followed`);
    this.name = 'RedirectRefusedError';
  }
}

/** True for a response that is a redirect: the browser's opaque one, or a 3xx as servers send it. */
export function isRedirect(res: Pick<Response, 'type' | 'status'>): boolean {
  return res.type === 'opaqueredirect' || (res.status >= 300 && res.status < 400 && res.status !== 304);
}

/** `fetchFn` that never follows a redirect and throws RedirectRefusedError on one instead. */
export function fetchWithoutRedirects(fetchFn: typeof fetch = globalThis.fetch.bind(globalThis)): typeof fetch {
  return async (input, init) => {
    const res = await fetchFn(input, { ...init, redirect: 'manual' });
    if (isRedirect(res)) {
      void res.body?.cancel().catch(() => {});
      throw new RedirectRefusedError(res.status, res.headers.get('location'));
    }
    return res;
  };
}

/** The redirect refusal behind an error, as the SDK wraps what its fetch threw. */
export function redirectRefusal(err: unknown): RedirectRefusedError | null {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++)
    if (e instanceof RedirectRefusedError) return e;
  return null;
}
