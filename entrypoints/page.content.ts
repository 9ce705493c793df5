import * as z from 'zod';
import type { AnchorOptions } from '@/lib/page/anchor';
import { clearHighlight, highlightQuoteInSteps } from '@/lib/page/highlight';
import { pageMessage } from '@/lib/shared/messages';
import { readFrame } from '@/lib/page/read-frame';
import type { HighlightOutcome, PageText } from '@/lib/shared/types';

declare global {
  interface Window {
    __citedTabsListening?: boolean;
  }
}

// Injected by the background only when the user asks (registration: runtime), never on its own.
export default defineContentScript({
  matches: ['<all_urls>'],
  registration: 'runtime',
  main() {
    // The background injects before every request: listen once per page.
    if (window.__citedTabsListening) return;
    window.__citedTabsListening = true;
    z.config({ jitless: true });

    // Closed shadow roots hold visible text too; only an extension can open them (Chrome, Firefox).
    const openOrClosed = browser.dom?.openOrClosedShadowRoot;
    // Chrome: browser.dom; Firefox: a property that only content scripts see.
    const options: AnchorOptions = openOrClosed
      ? { getShadowRoot: (el) => (el instanceof HTMLElement ? openOrClosed(el) : el.shadowRoot) }
      : { getShadowRoot: (el) => (el as Element & { openOrClosedShadowRoot?: ShadowRoot | null }).openOrClosedShadowRoot ?? el.shadowRoot };

    browser.runtime.onMessage.addListener((raw, sender) => {
      if (sender.id !== browser.runtime.id) return;
      const msg = pageMessage.safeParse(raw);
      if (!msg.success) return;
      switch (msg.data.type) {
        case 'extract':
          // Waits for the page to settle (capped), then reads it within its budgets.
          return readFrame(document, options) satisfies Promise<PageText>;
        case 'highlight':
          // In steps, so that the page stays responsive however many times the words occur.
          return highlightQuoteInSteps(document, msg.data.target, options, msg.data.others ?? []) satisfies Promise<HighlightOutcome>;
        case 'clear-highlight':
          clearHighlight(document);
          return Promise.resolve({ ok: true });
      }
    });
  },
});
