/**
 * Incognito stays incognito. The extension runs in incognito windows only if the user allows it
 * there, with one worker for both kinds of window ("spanning"), so the worker and the offscreen
 * reader belong to the regular profile: its disk, its cookies. The rules that keep an incognito
 * window's questions, quotes and PDFs out of it, as decisions the services apply.
 */
import { t } from '@/lib/shared/core/i18n';

/**
 * Whether a question asked from window `windowId` is about an incognito window, known before
 * anything can fail and be logged. A window that cannot be found counts as incognito: the log
 * then keeps less, never more.
 */
export async function askedFromIncognito(
  windowId: number,
  getWindow: (id: number) => Promise<{ incognito: boolean }>,
): Promise<boolean> {
  try {
    return (await getWindow(windowId)).incognito;
  } catch {
    return true;
  }
}

/**
 * Why a PDF in an incognito tab is not read, or null for any other tab. The reader fetches the
 * document from the worker's side, with the regular profile's cookies and cache: the site would
 * see the incognito window's visit as the regular profile's, and the PDF could be the logged-in
 * copy. A local file has no cookies and is read.
 */
export function incognitoPdfReason(tab: { incognito?: boolean; url?: string }): string | null {
  if (!tab.incognito || tab.url?.startsWith('file:')) return null;
  return t('pdfIncognito');
}

/**
 * May the worker send a HEAD request to learn whether the tab is a PDF? Not for an incognito tab
 * (the regular profile's cookies again) nor a sleeping one (it would cost its site a request);
 * the tab's own content type, asked in the tab, still tells.
 */
export function mayProbeFromWorker(tab: { incognito?: boolean; discarded?: boolean }): boolean {
  return !tab.incognito && !tab.discarded;
}

/**
 * Where a citation whose tab is gone may open its page: in its own window, or, if that is gone
 * too, in another window only when the citation's question was not incognito (null: nowhere).
 */
export function windowForReopen(citationWindow: number, windowExists: boolean, incognitoSource: boolean): number | 'any' | null {
  if (windowExists) return citationWindow;
  return incognitoSource ? null : 'any';
}
