import * as z from 'zod';
import { cancelAsk, decideReview, markInterruptedRun, revealCitation, startAsk } from '@/lib/worker/ask-service';
import { isFromExtensionPage, uiMessage } from '@/lib/shared/messages';
import { panelIntentItem, threadItem, toolbarOpensPanelItem } from '@/lib/shared/storage';
import { openSidePanel } from '@/lib/shared/side-panel';
import { MENU_ENTRIES, OPEN_PANEL_COMMAND, onMenuClick } from '@/lib/worker/context-menu';
import { recordThread } from '@/lib/worker/history-service';
import { applyToolbarBehavior, listenForToolbarClicks } from '@/lib/worker/toolbar';

export default defineBackground(() => {
  // zod probes `new Function`, which the extension CSP forbids.
  z.config({ jitless: true });

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

  // Each answered turn of the current thread updates its entry in the history.
  threadItem.watch((thread) => void recordThread(thread));

  // Right-click entries and the keyboard command that open the side panel (lib/worker/context-menu.ts).
  browser.runtime.onInstalled.addListener(() => {
    void browser.contextMenus.removeAll().then(() => {
      for (const entry of MENU_ENTRIES) browser.contextMenus.create({ id: entry.id, title: entry.title, contexts: [...entry.contexts] });
    });
  });
  const menuDeps = { openPanel: openSidePanel, setIntent: (i: Parameters<typeof panelIntentItem.setValue>[0]) => panelIntentItem.setValue(i), now: Date.now };
  browser.contextMenus.onClicked.addListener((info, tab) => void onMenuClick(info, tab, menuDeps));
  browser.commands.onCommand.addListener((command, tab) => {
    if (command === OPEN_PANEL_COMMAND && tab?.windowId !== undefined) void openSidePanel(tab.windowId).catch(() => {});
  });

  listenForToolbarClicks();
  const toolbar = (opensPanel: boolean | null) => void applyToolbarBehavior(opensPanel === true).catch(() => {});
  void toolbarOpensPanelItem.getValue().then(toolbar);
  toolbarOpensPanelItem.watch(toolbar);
});
