/**
 * The quote finder, injected by the worker into a frame only to find cited quotes in it: the
 * highlight of a click on a citation, its clearing, and the proof that each verified quote is
 * drawn for a reader before its claim is shown (lib/page/find/highlight-locate.ts,
 * lib/page/find/highlight-paint.ts, lib/page/find/quote-seen.ts). Apart from the page script
 * (entrypoints/page-reader.ts), which every tab a question reads compiles and runs, so that those
 * tabs carry none of it. Answers only the extension's requests.
 */
// First: the DOM's own members, taken before any lookup through the page (lib/page/dom/dom.ts).
import '@/lib/page/dom/dom';
import * as z from 'zod/mini';
import type { AnchorOptions } from '@/lib/page/find/anchor';
import { currentReading } from '@/lib/page/find/kept-reading';
import { clearHighlight, heldRanges, holdHighlight, holdOthers, scrollHeld, showHeld } from '@/lib/page/find/highlight-paint';
import { highlightQuoteInSteps, type OthersLater } from '@/lib/page/find/highlight-locate';
import { framesSeen } from '@/lib/page/find/frames-seen';
import { frameBox } from '@/lib/page/find/frame-place';
import { showRevealNote } from '@/lib/page/find/reveal-note';
import { screenBoxes } from '@/lib/page/find/quote-boxes';
import { proveSeen } from '@/lib/page/find/quote-seen';
import { shadowRootGetter } from '@/lib/page/read/shadow-roots';
import { dispatch, type Handlers } from '@/lib/shared/protocol/dispatch';
import type { QuoteCalls } from '@/lib/shared/protocol/messages';
import { quoteRequests } from '@/lib/shared/protocol/quote-requests';

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
  // The same shadow roots as the page script's reading opened (lib/page/read/shadow-roots.ts).
  const options: AnchorOptions = { getShadowRoot: shadowRootGetter(browser.dom) };
  // Whether the worker has put the highlight's style sheet in this document (it lives as long as this listener).
  let sheetAdded = false;
  const handlers: Handlers<QuoteCalls> = {
    // In steps, so that the page stays responsive however many times the words occur.
    highlight: async (request) => {
      const others = request.others ?? [];
      if (!request.hold) return highlightQuoteInSteps(document, request.target, options, others);
      // Held: painted only once the worker has seen the words on screen (`show-held`).
      const later: OthersLater = {};
      const outcome = await highlightQuoteInSteps(document, request.target, options, others, undefined, holdHighlight, later);
      const held = heldRanges(document);
      if (!outcome.ok || !held) return outcome;
      // The page's other quotes, painted with this one: found while the page draws it.
      const othersHeld = (later.others?.() ?? Promise.resolve([])).then((ranges) => holdOthers(document, held, ranges));
      const screen = screenBoxes(document, held);
      // A page in view draws now, which saves the worker asking it to (`painted`) before its capture.
      const drawn = !!screen && document.visibilityState === 'visible' && (await framesSeen()).ok;
      await othersHeld;
      if (!screen) return outcome;
      return drawn ? { ...outcome, screen, drawn: true as const } : { ...outcome, screen };
    },
    'style-sheet': async ({ added }) => ({ added: (sheetAdded ||= added === true) }),
    'show-held': async () => ({ ok: showHeld(document) }),
    // The tab is in front now: the quote scrolled to again, the page drawn, its boxes measured now.
    painted: async () => {
      if (!scrollHeld(document)) return { ok: false };
      const drawn = await framesSeen();
      const held = heldRanges(document);
      const screen = held && screenBoxes(document, held);
      return drawn.ok && screen ? { ok: true, screen } : { ok: false };
    },
    // The page as read for the last proof or click, while nothing in it changed: one walk for an
    // answer's claims and the click on one of them (lib/page/find/kept-reading.ts).
    drawn: async (request) => ({
      results: proveSeen(document, request.targets, options, currentReading(document, options).page),
    }),
    // Asked of the frames above a quote whose frame cannot reach its parent (another origin), once
    // this frame has drawn since (a scroll the quote's frame asked of it is then done and shown).
    'frame-box': async ({ index }) => ((await framesSeen()).ok ? frameBox(document, index) : { found: false as const }),
    'clear-highlight': async () => {
      clearHighlight(document);
      return { ok: true };
    },
    note: async ({ text }) => {
      showRevealNote(document, text);
      return { ok: true };
    },
  };
  browser.runtime.onMessage.addListener((raw, sender) => {
    if (sender.id !== browser.runtime.id) return;
    return dispatch<QuoteCalls>(quoteRequests, handlers, raw);
  });
});
