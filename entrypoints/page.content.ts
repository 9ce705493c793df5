import * as z from 'zod';
import { findQuote } from '@/lib/anchor';
import { extractPage } from '@/lib/extract';
import { clearHighlight, showHighlight } from '@/lib/highlight';
import { pageMessage } from '@/lib/messages';
import type { HighlightOutcome, PageText } from '@/lib/types';

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

    browser.runtime.onMessage.addListener((raw, sender) => {
      if (sender.id !== browser.runtime.id) return;
      const msg = pageMessage.safeParse(raw);
      if (!msg.success) return;
      switch (msg.data.type) {
        case 'extract': {
          const selection = window.getSelection()?.toString() ?? '';
          return Promise.resolve<PageText>(extractPage(document, { selection }));
        }
        case 'highlight': {
          const range = findQuote(document, msg.data.target);
          if (!range) {
            clearHighlight(document);
            return Promise.resolve<HighlightOutcome>({ ok: false, reason: 'not-found' });
          }
          showHighlight(document, range);
          return Promise.resolve<HighlightOutcome>({ ok: true, text: range.toString() });
        }
        case 'clear-highlight':
          clearHighlight(document);
          return Promise.resolve({ ok: true });
      }
    });
  },
});
