/**
 * The service worker: it holds the API key and answers the extension's own pages. Listeners are
 * registered at once (the browser may start the worker for a message), and every request is
 * parsed by the protocol before a service sees it; a page's content script is not heard.
 */
import * as z from 'zod';
import { cancelAsk, decideReview, markInterruptedRun, startAsk } from '@/lib/worker/run/ask';
import { canRead, readAhead } from '@/lib/worker/run/tab-readings';
import { isFromExtensionPage, workerCalls } from '@/lib/shared/protocol/messages';
import { dispatch, type Handlers } from '@/lib/shared/protocol/dispatch';
import {
  dataProblemsItem,
  historyWriteProblemItem,
  storeVersionsItem,
  type DataProblem,
  legacyHistoryItem,
  loadSettings,
  panelIntentItem,
  recordTabGrant,
  threadItem,
  toolbarOpensPanelItem,
  waitingQuestionItem,
} from '@/lib/shared/store/storage';
import { historyItem } from '@/lib/shared/store/history-store';
import { updateStoredData, updateVersionedStores } from '@/lib/worker/wiring/data-updates';
import { waitingQuestions } from '@/lib/worker/run/waiting-question';
import { openSidePanel } from '@/lib/shared/core/side-panel';
import { OPEN_PANEL_COMMAND, onMenuClick } from '@/lib/worker/wiring/context-menu';
import { historyRecorder } from '@/lib/worker/wiring/history';
import { buildReply, onInstalled } from '@/lib/worker/wiring/lifecycle';
import { clearHighlights, revealCitation } from '@/lib/worker/reveal/reveal-citation';
import { applyToolbarBehavior, listenForToolbarClicks } from '@/lib/worker/wiring/toolbar';
import { closeStorageToContentScripts } from '@/lib/worker/wiring/storage-access';

// The question kept while the browser's access prompt was shown (lib/worker/run/waiting-question.ts).
const waiting = waitingQuestions({
  load: () => waitingQuestionItem.getValue(),
  save: (w) => waitingQuestionItem.setValue(w),
  clear: () => waitingQuestionItem.setValue(null),
  granted: async () => (await browser.permissions.getAll()).origins ?? [],
  start: (ask) => void startAsk(ask),
  now: Date.now,
});

// The context menu and the panel's keyboard command give us the tab (`activeTab`): the side panel reads it without asking.
const recordGrant = (tab?: { id?: number; url?: string }) => {
  const { id, url } = tab ?? {};
  if (id !== undefined && url) void recordTabGrant(id, url);
};

const handlers: Handlers<typeof workerCalls> = {
  ask: async (request) => {
    void waiting.onAsk(request);
    return { started: true };
  },
  cancel: async () => ({ cancelled: cancelAsk() }),
  status: async () => {
    await markInterruptedRun();
    return { ok: true };
  },
  reveal: (request) => revealCitation(request.citation, request.openAsCited),
  review: async (request) => {
    void decideReview(request.runId, request.send);
    return { ok: true };
  },
  'clear-highlights': async () => {
    await clearHighlights({ keepReopened: true });
    return { ok: true };
  },
  // A question being typed: its tabs read before Ask (lib/worker/read/read-ahead.ts).
  'read-ahead': async (request) => {
    void readAhead(request).catch(() => {});
    return { ok: true };
  },
  // Asked by each screen as it opens: a screen of another build restarts the extension (lib/shared/core/build-id.ts).
  build: async () => buildReply(),
  // Asked by the side panel before it asks for a tab's site (lib/worker/read/tab-access.ts).
  'can-read': async ({ tabId }) => ({ readable: await canRead(tabId) }),
};

export default defineBackground(() => {
  // zod probes `new Function`, which the extension CSP forbids.
  z.config({ jitless: true });
  // Session storage holds the runs (other tabs' passages), local storage the settings, the draft
  // and the logs: neither for content scripts (lib/worker/wiring/storage-access.ts).
  void closeStorageToContentScripts(browser.storage);

  browser.runtime.onMessage.addListener((raw, sender) => {
    if (!isFromExtensionPage(sender, browser.runtime.id, browser.runtime.getURL('/'))) return;
    return dispatch(workerCalls, handlers, raw);
  });

  void markInterruptedRun();

  const sayDataProblem = async (store: DataProblem['store'], problem: DataProblem | null) => {
    const { [store]: _, ...others } = await dataProblemsItem.getValue();
    await dataProblemsItem.setValue(problem ? { ...others, [store]: problem } : others);
  };
  // Stored data of older versions brought up to date at every start, not only on onInstalled
  // (lib/worker/wiring/data-updates.ts); a failure keeps the old data and is said in the options.
  const updated = updateStoredData({
    readLegacyHistory: () => legacyHistoryItem.getValue(),
    removeLegacyHistory: () => legacyHistoryItem.removeValue(),
    readHistory: () => historyItem.getValue(),
    writeHistory: (entries) => historyItem.setValue(entries),
    sayProblem: sayDataProblem,
    now: Date.now,
  })
    .catch(() => 'kept' as const)
    // Then the draft and the logs, each to its current version (lib/shared/store/store-versions.ts).
    .then(() =>
      updateVersionedStores({
        readVersions: () => storeVersionsItem.getValue(),
        writeVersions: (versions) => storeVersionsItem.setValue(versions),
        read: async (store) => (await browser.storage.local.get(store))[store],
        write: (store, value) => browser.storage.local.set({ [store]: value }),
        sayProblem: sayDataProblem,
        now: Date.now,
      }).catch(() => null),
    );
  // The settings loaded once at start: the one key record of version 1 (and a key older builds
  // left in storage.local) moved to the keys kept per origin (lib/shared/store/storage.ts, api-key.ts).
  void loadSettings().catch(() => undefined);

  // Each answered turn of the current thread updates its entry in the history, after the update above.
  // A write of the history the browser refuses is said in the screens (historyWriteProblemItem).
  const recordThread = historyRecorder({
    read: () => historyItem.getValue(),
    write: (entries) => historyItem.setValue(entries),
    sayProblem: async (problem) => {
      if (problem || (await historyWriteProblemItem.getValue())) await historyWriteProblemItem.setValue(problem);
    },
    now: Date.now,
  });
  threadItem.watch((thread) => void updated.then(() => recordThread(thread)));

  // Right-click entries and the keyboard command that open the side panel (lib/worker/wiring/context-menu.ts).
  // The welcome page on install only (lib/worker/wiring/welcome.ts).
  browser.runtime.onInstalled.addListener((details) =>
    onInstalled(details, {
      open: (path) => browser.tabs.create({ url: browser.runtime.getURL(path) }),
      setMenus: (entries) =>
        browser.contextMenus.removeAll().then(() => {
          for (const entry of entries)
            browser.contextMenus.create({ id: entry.id, title: entry.title, contexts: [...entry.contexts] });
        }),
    }),
  );
  const menuDeps = {
    openPanel: openSidePanel,
    setIntent: (i: Parameters<typeof panelIntentItem.setValue>[0]) => panelIntentItem.setValue(i),
    now: Date.now,
  };
  browser.contextMenus.onClicked.addListener((info, tab) => {
    void onMenuClick(info, tab, menuDeps);
    recordGrant(tab);
  });
  browser.commands.onCommand.addListener((command, tab) => {
    if (command !== OPEN_PANEL_COMMAND || tab?.windowId === undefined) return;
    void openSidePanel(tab.windowId).catch(() => {});
    recordGrant(tab);
  });

  // Access allowed in the browser's prompt: the question that waited for it goes on, even though
  // the popup that asked closed when the prompt appeared (Chrome).
  browser.permissions.onAdded.addListener(() => void waiting.onAccessAdded());

  listenForToolbarClicks();
  const toolbar = (opensPanel: boolean | null) => void applyToolbarBehavior(opensPanel === true).catch(() => {});
  void toolbarOpensPanelItem.getValue().then(toolbar);
  toolbarOpensPanelItem.watch(toolbar);
});
