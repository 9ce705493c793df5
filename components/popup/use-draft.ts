/**
 * The question being typed, its scope and its chosen tabs, kept in the draft store of the app's
 * window (memory for an incognito window, lib/shared/store/storage.ts) so that closing the popup loses
 * nothing. With no draft, the box starts with the last question asked unless it was answered.
 */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { draftStoreFor } from '@/lib/shared/store/storage';
import type { RunState, Scope } from '@/lib/shared/answer/run-state';

export interface DraftValue {
  question: string;
  scope: Scope;
  tabIds?: number[];
}

export interface Draft {
  question: string;
  scope: Scope;
  /** "Choose tabs": the ticked tabs. */
  tabIds: number[];
  loaded: boolean;
  setQuestion: (question: string) => void;
  /**
   * Empties the box if it holds `answered` (whatever the spaces) and nothing was typed in it since
   * that question was asked (`askedAt`, ms since epoch): words typed after, even the same
   * question asked again, are the user's and kept, whichever render's closure asks and however
   * late the answer is read. True when it emptied it.
   */
  clearAnswered: (answered: string, askedAt: number) => boolean;
  /** `save: false` shows the scope without keeping it (the side panel opened for a page). */
  setScope: (scope: Scope, tabIds?: number[], save?: boolean) => void;
  setTabIds: (tabIds: number[]) => void;
}

/** The question of `run` when it ended in an answer (not "not found", an error or search results). */
export function answeredQuestion(run: RunState | null | undefined): string | undefined {
  return run?.status === 'done' && run.outcome?.kind === 'answer' ? run.question : undefined;
}

/** The same question, whatever the spaces around it. */
export function sameQuestion(a: string, b: string): boolean {
  return a.trim() === b.trim();
}

/** What the box starts with: the draft, else the last question asked. */
export function startingDraft(stored: DraftValue, lastQuestion: string | undefined): Required<DraftValue> {
  return { question: stored.question || lastQuestion || '', scope: stored.scope, tabIds: stored.tabIds ?? [] };
}

/** `lastQuestion` is read once `runLoaded`: the box starts from the draft and the run together. */
export function useDraft(lastQuestion: string | undefined, runLoaded: boolean): Draft {
  // Where the draft is kept; memory until the window's kind is known.
  const store = useRef(draftStoreFor(null));
  const [stored, setStored] = useState<DraftValue | null>(null);
  const [draft, setDraft] = useState<Required<DraftValue> & { loaded: boolean }>({
    question: '',
    scope: 'tab',
    tabIds: [],
    loaded: false,
  });
  // Layout effects: the read starts before the first paint, and the box is filled in the render
  // right after both reads, not a frame later (the question box waits for it).
  useLayoutEffect(() => {
    void (async () => {
      // By the window's own kind: with one worker for both kinds of window the extension's
      // pages are the regular profile's (lib/shared/store/storage.ts `draftStoreFor`).
      const win = await browser.windows.getCurrent().catch(() => null);
      store.current = draftStoreFor(win);
      setStored(await store.current.getValue());
    })();
  }, []);
  // The draft as last set, ahead of the render that will show it: a setter called from an older
  // render's closure (an effect, a late event) changes one field of what is there now, never
  // puts back a question typed over since.
  const latest = useRef(draft);
  // When the question was last set in this view (0: not yet; a draft kept from before predates any answer read now).
  const lastTyped = useRef(0);
  const set = (next: typeof draft) => {
    latest.current = next;
    setDraft(next);
  };
  useLayoutEffect(() => {
    if (stored && runLoaded && !latest.current.loaded) set({ ...startingDraft(stored, lastQuestion), loaded: true });
  }, [stored, runLoaded]);

  const change = (fields: Partial<DraftValue>, save = true) => {
    const { question, scope, tabIds } = { ...latest.current, ...fields };
    const next = { question, scope, tabIds };
    set({ ...next, loaded: true });
    if (save) void store.current.setValue(next);
  };
  return {
    ...draft,
    setQuestion: (question) => {
      lastTyped.current = Date.now();
      change({ question });
    },
    setScope: (scope, tabIds = latest.current.tabIds, save = true) => change({ scope, tabIds }, save),
    setTabIds: (tabIds) => change({ tabIds }),
    clearAnswered: (answered, askedAt) => {
      const now = latest.current;
      if (!now.loaded || lastTyped.current > askedAt || !sameQuestion(now.question, answered)) return false;
      change({ question: '' });
      return true;
    },
  };
}
