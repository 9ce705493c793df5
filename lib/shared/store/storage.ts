/** Every storage item of the extension, in one place. Extension storage is the source of truth. */
import { browser } from 'wxt/browser';
import { storage } from 'wxt/utils/storage';
import { loadKeys, migratedKeyOrigin, saveKeys, upgradeKeys } from './api-key';
import { keyAt } from './key-destination';
import { keysFromV1, type SavedKeys } from './key-schema';
import { parseStoredSettings } from './settings-schema';
import { FAILURE_LOG_MAX_BYTES, keepWithinBytes, RUN_LOG_MAX_BYTES, trimFailureEntry } from './log-limits';
import type { FailureLogEntry, RepairCounts } from '@/lib/shared/answer/run';
import {
  readRun,
  readSessionRun,
  RUN_WRITTEN_KEY,
  type RunState,
  type Scope,
  type StoredRun,
} from '@/lib/shared/answer/run-state';
import { DEFAULT_SETTINGS, MAX_FRAGMENT_BUDGET, MIN_FRAGMENT_BUDGET, type Settings } from './settings';
import type { Thread } from '@/lib/shared/answer/thread';
import type { ServerFacts } from '@/lib/shared/servers/servers';
import { addGrant, type TabGrant } from './tab-grants';
import type { WaitingQuestion } from './waiting-question';
import { STORES, type LocalStore } from './store-versions';
import type { BuildRestart } from '@/lib/shared/core/build-id';

/**
 * The settings but the key, in `storage.local`. The key is kept apart, where no content script
 * can read it (lib/shared/store/api-key.ts); versions before kept it here, and the first load moves it.
 * Version 1 (lib/shared/store/store-versions.ts), each field read on its own at every load.
 */
export const settingsItem = storage.defineItem<Partial<Settings>>('local:settings', { fallback: {} });

/**
 * Settings as loaded: `keys` are every key kept, by origin (lib/shared/store/key-schema.ts); `apiKey` is
 * the one kept for the base URL's origin, confirmed or not ('' when none): whether it may go there
 * is the rule's to say (lib/shared/store/key-destination.ts).
 */
export type LoadedSettings = Settings & { keys: SavedKeys };

/**
 * Settings with every field present and valid, whatever was stored (checked with zod, a bad field
 * falls back to its default), and the keys from their own store. A key an older version left in
 * `storage.local` is moved out of it, confirmed for the Anthropic API only (lib/shared/store/api-key.ts);
 * a key record of version 1 is moved to the per-origin store (also done as the worker starts).
 */
export async function loadSettings(): Promise<LoadedSettings> {
  const { settings, legacyKey, legacyBaseURL } = parseStoredSettings(await settingsItem.getValue(), DEFAULT_SETTINGS, {
    min: MIN_FRAGMENT_BUDGET,
    max: MAX_FRAGMENT_BUDGET,
  });
  const baseURL = settings.baseURL ?? DEFAULT_SETTINGS.baseURL;
  await upgradeKeys(baseURL).catch(() => 'kept' as const);
  let keys = await loadKeys();
  if (legacyKey !== null) {
    if (Object.keys(keys).length === 0) {
      const record = { key: legacyKey, origin: migratedKeyOrigin(legacyBaseURL, DEFAULT_SETTINGS.baseURL) };
      keys = keysFromV1({ record, baseURL });
      await saveKeys(keys);
    }
    await settingsItem.setValue(settings);
  }
  return { ...DEFAULT_SETTINGS, ...settings, apiKey: keyAt(baseURL, keys)?.key ?? '', keys };
}

/**
 * Saves the options page's settings: the keys to their own store, as the options page made them
 * with the rule (lib/shared/store/key-destination.ts `keysAfterSave`: the key typed kept for the base
 * URL's origin, confirmed once the user confirmed it, the other origins' keys as they were), the
 * rest to storage.
 */
export async function saveSettings(next: Settings, keys: SavedKeys): Promise<void> {
  const { apiKey: _typed, ...rest } = next;
  await saveKeys(keys);
  await settingsItem.setValue(rest);
}

/**
 * What the extension learnt of each server, by origin (lib/shared/servers/servers.ts): which answer path
 * works there and the context of its models. Nothing of the user's pages.
 */
export const serverFactsItem = storage.defineItem<Record<string, ServerFacts>>('local:serverFacts', { fallback: {} });

/** Adds what was learnt of the server at `origin` to what is known of it. */
export async function learnServerFacts(origin: string, facts: ServerFacts): Promise<void> {
  const all = await serverFactsItem.getValue();
  const known = all[origin] ?? {};
  const contexts = facts.contexts || known.contexts ? { ...known.contexts, ...facts.contexts } : undefined;
  const modelPaths = facts.modelPaths || known.modelPaths ? { ...known.modelPaths, ...facts.modelPaths } : undefined;
  await serverFactsItem.setValue({
    ...all,
    [origin]: { ...known, ...facts, ...(contexts ? { contexts } : {}), ...(modelPaths ? { modelPaths } : {}) },
  });
}

/**
 * The question in flight or the last one answered: what the popup shows when it opens. It holds
 * passages of every tab asked about, so it lives in session storage: readable only by the
 * extension's pages and worker (access level TRUSTED_CONTEXTS, set by the worker), kept in
 * memory, never on disk, gone when the browser closes.
 */
const storedRunItem = storage.defineItem<unknown>('session:lastRun', { fallback: null });
export const lastRunItem = {
  /** What is stored, parsed (lib/shared/answer/run-state.ts): a run, none, or one the screens cannot show. */
  read: async (): Promise<StoredRun> => readSessionRun(await browser.storage.session.get(['lastRun', RUN_WRITTEN_KEY])),
  /** The run stored, or null when there is none or it cannot be read (another version's, malformed). */
  getValue: async (): Promise<RunState | null> => {
    const stored = await lastRunItem.read();
    return stored.kind === 'run' ? stored.run : null;
  },
  /** Written only as the run-state constructors make it (`workingRun`, `doneRun`, …). */
  setValue: async (run: RunState | null): Promise<void> => {
    // A run stored says the session has asked already; only a cleared one, which storage keeps by
    // removing `lastRun`, needs the mark (not one more write for each step of a run).
    if (run === null) await browser.storage.session.set({ [RUN_WRITTEN_KEY]: true });
    await storedRunItem.setValue(run);
  },
  watch: (onChange: (stored: StoredRun) => void): (() => void) => storedRunItem.watch((v) => onChange(readRun(v))),
};

/**
 * The conversation about the current pages (lib/shared/answer/thread.ts): each finished question is a
 * turn, sent with the next one. "New question" empties it; a question about other pages replaces it.
 * It holds the pages' quotes, so like the run it lives in session storage, out of content scripts'
 * reach and off the disk.
 */
export const threadItem = storage.defineItem<Thread | null>('session:thread', { fallback: null });

/** "New question": the thread ends, and the answer shown with it; the next question starts afresh. */
export async function startNewThread(): Promise<void> {
  await threadItem.setValue(null);
  await lastRunItem.setValue(null);
}

/** The question being typed, so closing the popup loses nothing. */
export const draftItem = storage.defineItem<{ question: string; scope: Scope; tabIds?: number[] }>('local:draft', {
  fallback: { question: '', scope: 'tab' },
});

/**
 * What the side panel was opened for by the context menu: a page, or a selection in it, which
 * the panel's next question is about (its priority fragment). Session storage: it concerns
 * this moment only; the panel clears it once it has taken it.
 */
export interface PanelIntent {
  windowId: number;
  tabId: number;
  selection?: string;
  at: number;
}
export const panelIntentItem = storage.defineItem<PanelIntent | null>('session:panelIntent', { fallback: null });

/**
 * The question waiting for the browser's access prompt (lib/shared/store/waiting-question.ts). Session
 * storage: it holds the question, and concerns this moment only.
 */
export const waitingQuestionItem = storage.defineItem<WaitingQuestion | null>('session:waitingQuestion', { fallback: null });

/** Tabs the browser gave us through `activeTab` (lib/shared/store/tab-grants.ts), for the side panel. */
export const tabGrantsItem = storage.defineItem<TabGrant[]>('session:tabGrants', { fallback: [] });

/** Records that the browser gave us tab `tabId` while it showed `url` (the popup, the context menu, the command). */
export async function recordTabGrant(tabId: number, url: string): Promise<void> {
  await tabGrantsItem.setValue(addGrant(await tabGrantsItem.getValue(), tabId, url));
}

/** The toolbar button opens the side panel instead of the popup (a setting on the options page). */
export const toolbarOpensPanelItem = storage.defineItem<boolean>('local:toolbarOpensPanel', { fallback: false });
/** The draft typed in a popup of an incognito window: in memory only, never on disk. */
export const incognitoDraftItem = storage.defineItem<{ question: string; scope: Scope; tabIds?: number[] }>('session:draft', {
  fallback: { question: '', scope: 'tab' },
});

/**
 * The draft store of a popup or panel in `win`: by the window's own `incognito` flag, since with
 * one worker for both kinds of window ("spanning") the extension's pages are the regular
 * profile's and `inIncognitoContext` is false even in an incognito window. Until the window is
 * known (null), memory.
 */
export function draftStoreFor(win: { incognito: boolean } | null): typeof draftItem {
  return win && !win.incognito ? draftItem : incognitoDraftItem;
}

export const FAILURE_LOG_LIMIT = 500;
export const failureLogItem = storage.defineItem<FailureLogEntry[]>('local:failureLog', { fallback: [] });

/** One line per question, failures or not: the denominators the diagnostics' rates need. */
export interface RunRecord {
  at: number;
  model: string;
  sites: string[];
  citations: number;
  broken: number;
  retried: boolean;
  droppedClaims: number;
  /** Citations that passed once their quoting slip was repaired, by slip (lib/worker/answer/repair.ts). */
  repairs?: RepairCounts;
  outcome: 'answer' | 'abstain' | 'error';
  /** The abstention's reason or the error's kind. */
  detail?: string;
}

export const RUN_LOG_LIMIT = 2000;
export const runLogItem = storage.defineItem<RunRecord[]>('local:runLog', { fallback: [] });

/**
 * A log is appended to only at its current version: one an update kept as it was (written by a
 * newer version, or not brought up to date: lib/worker/wiring/data-updates.ts) is never written
 * over by this version's lines, which are dropped instead (the options page says why).
 */
async function logWritable(store: 'runLog' | 'failureLog'): Promise<boolean> {
  const versions = await storeVersionsItem.getValue();
  return (versions[store] ?? 1) === STORES[store].version;
}

export async function appendRunRecord(record: RunRecord): Promise<void> {
  if (!(await logWritable('runLog'))) return;
  const log = await runLogItem.getValue();
  const trimmed = {
    ...record,
    sites: record.sites.slice(0, 20),
    ...(record.detail ? { detail: record.detail.slice(0, 300) } : {}),
  };
  await runLogItem.setValue(keepWithinBytes([...log, trimmed], RUN_LOG_MAX_BYTES, RUN_LOG_LIMIT));
}

/** Kept by count and by bytes, each entry's question and literals cut (lib/shared/store/log-limits.ts). */
export async function appendFailure(entry: FailureLogEntry): Promise<void> {
  if (!(await logWritable('failureLog'))) return;
  const log = await failureLogItem.getValue();
  await failureLogItem.setValue(keepWithinBytes([...log, trimFailureEntry(entry)], FAILURE_LOG_MAX_BYTES, FAILURE_LOG_LIMIT));
}

/**
 * Where the history was kept before it moved to IndexedDB (version 1, lib/shared/store/history-schema.ts):
 * read only to move it, then removed (lib/worker/wiring/data-updates.ts).
 */
export const legacyHistoryItem = storage.defineItem<unknown>('local:history');

/** Stored data an update could not bring up to date: kept as it was, and said on the options page. */
export interface DataProblem {
  store: 'history' | LocalStore;
  /** The version the data was left at. */
  version: number;
  error: string;
  at: number;
}
export const dataProblemsItem = storage.defineItem<Partial<Record<DataProblem['store'], DataProblem>>>('local:dataProblems', {
  fallback: {},
});

/**
 * The last write of the history that the browser refused (its storage full, most often), while the
 * worker recorded an answered thread: the popup and the side panel say it, since nothing else
 * would; the next write that succeeds clears it. Session storage: it concerns this session only.
 */
export interface HistoryWriteProblem {
  at: number;
  error: string;
}
export const historyWriteProblemItem = storage.defineItem<HistoryWriteProblem | null>('session:historyWriteProblem', {
  fallback: null,
});

/** The version of each store of `storage.local` (lib/shared/store/store-versions.ts `LOCAL_STORES`); a store missing here is version 1. */
export const storeVersionsItem = storage.defineItem<Partial<Record<LocalStore, number>>>('local:storeVersions', {
  fallback: {},
});

/** What the highlights of the last answer left in the tabs, for the next click and the clean-up. */
export interface RevealState {
  /** Tabs that may show a highlight of ours. */
  highlighted: number[];
  /** Tabs opened as cited, standing in for the citation's closed tab (by tab id and URL). */
  reopened: Record<string, number>;
}

// Session storage: gone with the browser session, kept across restarts of the worker.
export const revealStateItem = storage.defineItem<RevealState>('session:revealState', {
  fallback: { highlighted: [], reopened: {} },
});

/**
 * The last restart a screen made because the worker ran another build (lib/shared/core/build-id.ts):
 * one restart per build, then the screens say what to do instead.
 */
export const buildRestartItem = storage.defineItem<BuildRestart | null>('local:buildRestart', { fallback: null });
