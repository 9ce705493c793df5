/**
 * The conversation the screens show (`threadItem`, lib/shared/answer/thread.ts), kept current, and what
 * the app says of it: its earlier turns above the latest answer, and whether it is about other
 * pages than the ones under the app (the next question would then start a new thread).
 */
import { useLayoutEffect, useState } from 'preact/hooks';
import type { RunState, Scope } from '@/lib/shared/answer/run-state';
import { threadItem } from '@/lib/shared/store/storage';
import { continuesThread, type Thread, type ThreadPage, type Turn } from '@/lib/shared/answer/thread';

/** The pages under the app: its window's tabs and the active one. */
export interface HerePages {
  windowId: number;
  tabs: ThreadPage[];
  active: ThreadPage[];
}

export function useThread(): { thread: Thread | null; loaded: boolean } {
  const [state, setState] = useState<{ thread: Thread | null; loaded: boolean }>({ thread: null, loaded: false });
  // Read from the first render on, before the first paint (the popup's first screen waits for it).
  useLayoutEffect(() => {
    const show = (thread: Thread | null) => setState({ thread, loaded: true });
    // A write seen before the first read has answered is newer than what that read returns.
    let written = false;
    void threadItem.getValue().then((thread) => written || show(thread));
    return threadItem.watch((thread) => {
      written = true;
      show(thread);
    });
  }, []);
  return state;
}

/** The thread's earlier turns: all of them but the latest question's own, which the run shows. */
export function earlierTurns(thread: Thread | null, run: RunState | null): Turn[] {
  if (!thread || (run?.threadId && run.threadId !== thread.id)) return [];
  return thread.turns.filter((t) => t.id !== run?.id);
}

/**
 * A thread about other pages than these (another tab, a tab that moved on): the next question,
 * asked with `scope` over `chosen` tabs, would start a new one. Not said while a question runs.
 */
export function threadElsewhere(
  thread: Thread | null,
  here: HerePages | null,
  scope: Scope,
  chosen: number[],
  working: boolean,
): boolean {
  if (working || !thread || thread.turns.length === 0 || !here) return false;
  const pages = scope === 'tab' ? here.active : scope === 'tabs' ? here.tabs.filter((t) => chosen.includes(t.tabId)) : here.tabs;
  return !continuesThread(thread, scope, here.windowId, pages);
}
