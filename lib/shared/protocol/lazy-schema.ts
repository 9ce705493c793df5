/**
 * A request's schema built the first time it is asked for, for the scripts the worker injects into
 * pages (page-requests.ts, quote-requests.ts): a page script started in every tab a question reads
 * builds only the schemas of the requests it gets (most tabs: `extract`), and no page pays for the
 * others at start-up.
 */
export function lazily<T>(build: () => T): { readonly request: T } {
  let built: T | undefined;
  return {
    get request() {
      return (built ??= build());
    },
  };
}
