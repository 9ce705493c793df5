import { storage } from 'wxt/utils/storage';
import type { SkippedTab } from './types';
import type { ShownError, FailureLogEntry, Outcome, SearchHit, SendPlan } from './run';
import { DEFAULT_SETTINGS, type Settings } from './settings';
import type { PriorTurn, Thread } from './thread';

/** Every storage item of the extension, in one place. Extension storage is the source of truth. */

export const settingsItem = storage.defineItem<Settings>('local:settings', {
  fallback: DEFAULT_SETTINGS,
  version: 1,
});

/** Settings with every field present, whatever an older version stored. */
export async function loadSettings(): Promise<Settings> {
  return { ...DEFAULT_SETTINGS, ...(await settingsItem.getValue()) };
}

export type Scope = 'tab' | 'window';
export type Stage = 'reading' | 'choosing' | 'asking' | 'waiting' | 'checking' | 'retrying' | 'judging';

export interface RunState {
  id: string;
  question: string;
  scope: Scope;
  /** `review`: the fragments wait for the user's Send or Cancel (setting "Review before sending"). */
  status: 'working' | 'review' | 'done' | 'error';
  stage?: Stage;
  /** While waiting to retry: when the next try starts (ms since epoch). */
  retryAt?: number;
  /** Characters of the answer received so far, while it streams in. */
  received?: number;
  startedAt: number;
  finishedAt?: number;
  outcome?: Outcome;
  error?: ShownError;
  skipped: SkippedTab[];
  /** What was (or, in review, will be) sent: the fragments in prompt order and their cached blocks. */
  plan?: SendPlan & {
    budget: number;
    /**
     * A follow-up's earlier turns, sent before its question (lib/shared/thread.ts). `passages`
     * then starts with the fragments they hold (`reused`), then this question's own.
     */
    history?: PriorTurn[];
    /** This question started a new context of its thread: no earlier fragment is in `passages`. */
    restarted?: boolean;
  };
  /** Without an API key: the best passages for the question, found on this machine. */
  results?: SearchHit[];
  /** The thread this question belongs to (`threadItem`); its turn is added when it ends. */
  threadId?: string;
  /** Set when this question started a new thread by itself: the pages in scope were not the thread's. */
  newThread?: 'pages-changed';
  /** How much was read and sent, for the popup's coverage line. */
  coverage?: {
    tabs: number;
    passages: number;
    sent: number;
    leftOut: number;
    /** Characters of text read, over all tabs and frames. */
    chars?: number;
    /** Frames that were read (each tab's page counts as one). */
    frames?: number;
    /** Tabs read only in part (too long, still loading, frames out of reach), with why. */
    partial?: SkippedTab[];
  };
}

/** The question in flight or the last one answered: what the popup shows when it opens. */
export const lastRunItem = storage.defineItem<RunState | null>('local:lastRun', { fallback: null });

/**
 * The conversation about the current pages (lib/shared/thread.ts): each finished question is a
 * turn, sent with the next one. "New question" empties it; a question about other pages replaces it.
 */
export const threadItem = storage.defineItem<Thread | null>('local:thread', { fallback: null });

/** "New question": the thread ends, and the answer shown with it; the next question starts afresh. */
export async function startNewThread(): Promise<void> {
  await threadItem.setValue(null);
  await lastRunItem.setValue(null);
}

/** The question being typed, so closing the popup loses nothing. */
export const draftItem = storage.defineItem<{ question: string; scope: Scope }>('local:draft', {
  fallback: { question: '', scope: 'tab' },
});

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
  outcome: 'answer' | 'abstain' | 'error';
  /** The abstention's reason or the error's kind. */
  detail?: string;
}

export const RUN_LOG_LIMIT = 2000;
export const runLogItem = storage.defineItem<RunRecord[]>('local:runLog', { fallback: [] });

export async function appendRunRecord(record: RunRecord): Promise<void> {
  const log = await runLogItem.getValue();
  await runLogItem.setValue([...log, record].slice(-RUN_LOG_LIMIT));
}

export async function appendFailure(entry: FailureLogEntry): Promise<void> {
  const log = await failureLogItem.getValue();
  await failureLogItem.setValue([...log, entry].slice(-FAILURE_LOG_LIMIT));
}

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
