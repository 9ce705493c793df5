import * as z from 'zod';
import { markInterruptedRun, revealCitation, startAsk } from '@/lib/ask-service';
import { uiMessage } from '@/lib/messages';

export default defineBackground(() => {
  // zod probes `new Function`, which the extension CSP forbids.
  z.config({ jitless: true });

  browser.runtime.onMessage.addListener((raw, sender) => {
    // Only our own pages (popup, options) may ask or reveal: a content script speaks for a page,
    // and nothing a page does may make the extension act or spend the user's key.
    if (sender.id !== browser.runtime.id || !sender.url?.startsWith(browser.runtime.getURL('/'))) return;
    const msg = uiMessage.safeParse(raw);
    if (!msg.success) return;
    if (msg.data.type === 'ask') {
      void startAsk(msg.data);
      return Promise.resolve({ started: true });
    }
    return revealCitation(msg.data.citation);
  });

  void markInterruptedRun();
});
