/**
 * How the scripts the worker injects into a page open shadow roots, closed ones too: closed shadow
 * roots hold visible text, and only an extension can open them (Chrome: `browser.dom`; Firefox: a
 * property that only content scripts see). One getter for the page script's reading and the quote
 * finder's search (entrypoints/page-reader.ts, entrypoints/quote-finder.ts), so that both walk the
 * same text.
 */
import type { ShadowRootGetter } from './text-walker';

/** Chrome's `browser.dom`, where it exists. */
export interface ShadowDom {
  openOrClosedShadowRoot?: (element: HTMLElement) => ShadowRoot | null | undefined;
}

export function shadowRootGetter(dom: ShadowDom | undefined): ShadowRootGetter {
  const openOrClosed = dom?.openOrClosedShadowRoot;
  return openOrClosed
    ? (el) => (el instanceof HTMLElement ? openOrClosed(el) : el.shadowRoot)
    : (el) => (el as Element & { openOrClosedShadowRoot?: ShadowRoot | null }).openOrClosedShadowRoot ?? el.shadowRoot;
}
