/**
 * Which tabs show a PDF. The browser's PDF viewer runs no content script of ours, so a PDF tab is
 * not read frame by frame: the extension fetches the document and reads it itself
 * (offscreen-client.ts, lib/offscreen/read-pdf.ts; its reading made a tab's by
 * lib/worker/read/pdf-read.ts). A tab is a PDF by its content type
 * (`document.contentType` of the viewer's document, or a HEAD request's `Content-Type` when no
 * script may run there), not only by a `.pdf` address; the extension's own viewer shows one too.
 *
 * The browser calls are passed in, so this is tested without a browser.
 */

export interface PdfTabDeps {
  /** The tab document's content type, or null when no script may run in it. */
  contentType: () => Promise<string | null>;
  /** The `Content-Type` a HEAD request for `url` answers, or null. */
  head: (url: string) => Promise<string | null>;
}

const isPdfType = (type: string | null) => !!type && /^application\/(x-)?pdf\b/i.test(type.trim());

/** True when the tab at `url` shows a PDF. */
export async function isPdfTab(url: string | undefined, deps: PdfTabDeps): Promise<boolean> {
  let u: URL;
  try {
    u = new URL(url ?? '');
  } catch {
    return false;
  }
  if (!['http:', 'https:', 'file:'].includes(u.protocol)) return false;
  const type = await deps.contentType().catch(() => null);
  if (type !== null) return isPdfType(type);
  // No script may run there (Firefox's PDF viewer is such a page): the address, then the server.
  if (/\.pdf$/i.test(u.pathname)) return true;
  if (u.protocol === 'file:') return false;
  return isPdfType(await deps.head(u.href).catch(() => null));
}
