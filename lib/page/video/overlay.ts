/**
 * The quoted words shown over the video a citation plays, for a few seconds: our own element in a
 * closed shadow root (the page can neither style it nor read it through the DOM), holding text
 * only, never the page's markup or its captions. Placed over the lower part of the video, or at
 * the top of the window when the video is not laid out.
 */

/** How long the words stay. */
export const OVERLAY_MS = 6_000;

const HOST_ATTR = 'data-cited-tabs-quote';

/** The overlay's own style sheet, inside its shadow root: the quote bar on the side its words start from. */
export const QUOTE_OVERLAY_CSS = `
:host { all: initial; }
.quote {
  position: fixed; z-index: 2147483647; box-sizing: border-box; max-width: 90vw;
  padding: 0.4em 0.8em; border-radius: 6px; border-inline-start: 4px solid #ffd400;
  background: rgba(0, 0, 0, 0.85); color: #fff; font: 600 16px/1.4 system-ui, sans-serif;
  pointer-events: none; white-space: normal; overflow-wrap: anywhere;
}`;

/** Removes the overlay an earlier click left, if any. */
export function removeQuoteOverlay(doc: Document): void {
  for (const el of doc.querySelectorAll(`[${HOST_ATTR}]`)) el.remove();
}

/** Shows `words` over `media` for `ms`; returns a function that removes them at once. */
export function showQuoteOverlay(doc: Document, media: Element | null, words: string, ms = OVERLAY_MS): () => void {
  removeQuoteOverlay(doc);
  const host = doc.createElement('div');
  host.setAttribute(HOST_ATTR, '');
  const root = host.attachShadow({ mode: 'closed' });
  const style = doc.createElement('style');
  style.textContent = QUOTE_OVERLAY_CSS;
  const box = doc.createElement('div');
  box.className = 'quote';
  box.setAttribute('role', 'status');
  // Text only: the quote is the page's words, and stays words, in their own direction (an
  // Arabic caption over an English page, or the other way), never the interface's.
  box.textContent = words;
  box.dir = 'auto';
  const rect = media?.getBoundingClientRect();
  const view = doc.defaultView!;
  if (rect && rect.width > 0 && rect.height > 0 && rect.bottom > 0 && rect.top < view.innerHeight) {
    box.style.left = `${Math.max(0, rect.left + 12)}px`;
    box.style.maxWidth = `${Math.max(120, rect.width - 24)}px`;
    box.style.bottom = `${Math.max(0, view.innerHeight - rect.bottom + 48)}px`;
  } else {
    box.style.left = '12px';
    box.style.top = '12px';
  }
  root.append(style, box);
  doc.documentElement.append(host);
  const timer = view.setTimeout(() => host.remove(), ms);
  return () => {
    view.clearTimeout(timer);
    host.remove();
  };
}
