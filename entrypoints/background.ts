import * as z from 'zod';
import { cancelAsk, decideReview, markInterruptedRun, revealCitation, startAsk } from '@/lib/worker/ask-service';
import { isFromExtensionPage, uiMessage } from '@/lib/shared/messages';

export default defineBackground(() => {
  // zod probes `new Function`, which the extension CSP forbids.
  z.config({ jitless: true });
  // Session storage holds the runs (other tabs' passages): never for content scripts. This is
  // Chrome's default; said here so that it stays true.
  const session = browser.storage.session as unknown as { setAccessLevel?: (o: { accessLevel: string }) => Promise<void> };
  void session.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' }).catch(() => {});

  browser.runtime.onMessage.addListener((raw, sender) => {
    if (!isFromExtensionPage(sender, browser.runtime.id, browser.runtime.getURL('/'))) return;
    const msg = uiMessage.safeParse(raw);
    if (!msg.success) return;
    switch (msg.data.type) {
      case 'ask':
        void startAsk(msg.data);
        return Promise.resolve({ started: true });
      case 'cancel':
        return Promise.resolve({ cancelled: cancelAsk() });
      case 'status':
        return markInterruptedRun().then(() => ({ ok: true }));
      case 'reveal':
        return revealCitation(msg.data.citation, msg.data.openAsCited);
      case 'review':
        void decideReview(msg.data.runId, msg.data.send);
        return Promise.resolve({ ok: true });
    }
  });

  void markInterruptedRun();
});
