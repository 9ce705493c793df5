/**
 * Which addresses the offscreen reader may be asked to fetch: those of the tabs in the question
 * under way (a PDF tab's own address, or the document our viewer tab shows). The reader fetches
 * with the browser's cookies, so it is never a way to fetch any other address, whoever asks.
 * Pure.
 */
import { fileOfViewerUrl } from '@/lib/shared/protocol/pdf-messages';

/** The PDF addresses a question about `tabs` may read. */
export function pdfAddressesOfRun(tabs: ReadonlyArray<{ url?: string }>, viewerBase: string): ReadonlySet<string> {
  const out = new Set<string>();
  for (const tab of tabs) {
    if (!tab.url) continue;
    out.add(tab.url);
    const shown = fileOfViewerUrl(tab.url, viewerBase);
    if (shown) out.add(shown);
  }
  return out;
}

/** True when `url` is one of the run's tabs' addresses. */
export function pdfReadAllowed(url: string, run: ReadonlySet<string>): boolean {
  return run.has(url);
}
