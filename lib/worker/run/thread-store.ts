/**
 * The thread a question belongs to (lib/shared/answer/thread.ts): the stored one when the question is
 * about the same pages (`continuesThread`), else a new one stored in its place; a finished question
 * becomes its latest turn, unless the thread was replaced meanwhile ("New question"). Storage,
 * ids and the clock are passed in, so this is tested without a browser.
 */
import type { Browser } from 'wxt/browser';
import type { AskMessage } from '@/lib/shared/protocol/messages';
import { continuesThread, pageUrl, withTurn, type Thread, type Turn } from '@/lib/shared/answer/thread';

export interface ThreadStoreDeps {
  load(): Promise<Thread | null>;
  save(thread: Thread): Promise<void>;
  newId(): string;
  now(): number;
}

export interface ThreadStore {
  /** The question's thread; `replaced` when it ended a thread that had turns. */
  threadFor(msg: AskMessage, tabs: Browser.tabs.Tab[], incognito: boolean): Promise<{ thread: Thread; replaced: boolean }>;
  appendTurn(threadId: string | undefined, turn: Turn): Promise<void>;
  /** The earlier turns of the run's thread, for the plan of a too-large request asked again. */
  turnsBefore(threadId: string | undefined, runId: string): Promise<Turn[]>;
}

export function threadStore(deps: ThreadStoreDeps): ThreadStore {
  return {
    async threadFor(msg, tabs, incognito) {
      const pages = tabs.map((t) => ({ tabId: t.id ?? -1, url: pageUrl(t.url ?? ''), title: t.title ?? '' }));
      const stored = await deps.load();
      if (stored && continuesThread(stored, msg.scope, msg.windowId, pages)) return { thread: stored, replaced: false };
      const thread: Thread = {
        id: deps.newId(),
        scope: msg.scope,
        windowId: msg.windowId,
        pages,
        startedAt: deps.now(),
        turns: [],
        // Kept out of the history on disk (lib/shared/store/history.ts).
        ...(incognito ? { incognito: true as const } : {}),
      };
      await deps.save(thread);
      return { thread, replaced: (stored?.turns.length ?? 0) > 0 };
    },
    async appendTurn(threadId, turn) {
      const thread = await deps.load();
      if (!threadId || thread?.id !== threadId) return;
      await deps.save(withTurn(thread, turn));
    },
    async turnsBefore(threadId, runId) {
      const thread = await deps.load();
      return thread && thread.id === threadId ? thread.turns.filter((t) => t.id !== runId) : [];
    },
  };
}
