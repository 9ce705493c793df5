/**
 * The quote finder, injected by the worker into a frame only to find cited quotes in it: the
 * highlight of a click on a citation, its clearing, and the proof that each verified quote is
 * drawn for a reader before its claim is shown (lib/page/highlight.ts, lib/page/drawn.ts). Apart
 * from the page script (entrypoints/page-reader.ts), which every tab a question reads compiles
 * and runs, so that those tabs carry none of it. Answers only the extension's requests.
 */
import * as z from 'zod/mini';
import type { AnchorOptions } from '@/lib/page/anchor';
import { currentReading } from '@/lib/page/kept-reading';
import { clearHighlight, highlightQuoteInSteps } from '@/lib/page/highlight';
import { proveDrawn } from '@/lib/page/drawn';
import { shadowRootGetter } from '@/lib/page/shadow-roots';
import { dispatch, type Handlers } from '@/lib/shared/dispatch';
import type { QuoteCalls } from '@/lib/shared/messages';
import { quoteRequests } from '@/lib/shared/quote-requests';

declare global {
  interface Window {
    __citedTabsQuotes?: boolean;
  }
}

export default defineUnlistedScript(() => {
  // The worker injects before every request: listen once per page.
  if (window.__citedTabsQuotes) return;
  window.__citedTabsQuotes = true;
  z.config({ jitless: true });
  // The same shadow roots as the page script's reading opened (lib/page/shadow-roots.ts).
  const options: AnchorOptions = { getShadowRoot: shadowRootGetter(browser.dom) };
  const handlers: Handlers<QuoteCalls> = {
    // In steps, so that the page stays responsive however many times the words occur.
    highlight: (request) => highlightQuoteInSteps(document, request.target, options, request.others ?? []),
    // The page as read for the last proof or click, while nothing in it changed: one walk for an
    // answer's claims and the click on one of them (lib/page/kept-reading.ts).
    drawn: async (request) => ({
      results: proveDrawn(document, request.targets, options, currentReading(document, options).page),
    }),
    'clear-highlight': async () => {
      clearHighlight(document);
      return { ok: true };
    },
  };
  browser.runtime.onMessage.addListener((raw, sender) => {
    if (sender.id !== browser.runtime.id) return;
    return dispatch<QuoteCalls>(quoteRequests, handlers, raw);
  });
});
