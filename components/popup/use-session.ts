/**
 * Everything the app holds while it is open, gathered from the hooks that keep each part (the run,
 * the key's presence, the thread, the draft, the window's tabs and what they grant, the reveal,
 * the context menu's intent, asking), with what the app derives from them and the actions its
 * buttons take. App.tsx then only lays the views out; each part stays testable in its own hook.
 */
import { useEffect, useMemo } from 'preact/hooks';
import { callWorker } from '@/lib/shared/protocol/call-worker';
import { startNewThread } from '@/lib/shared/store/storage';
import { useAsking } from './use-asking';
import { useReadAhead } from './use-read-ahead';
import { answeredQuestion, useDraft } from './use-draft';
import { useHere } from './use-here';
import { useKeyStatus } from './use-key-status';
import { usePanelIntent } from './use-panel-intent';
import { useReveal } from './use-reveal';
import { useRun } from './use-run';
import { useTabGrants } from './use-tab-grants';
import { earlierTurns, threadElsewhere, useThread } from './use-thread';
import { LazyHistoryView } from './lazy-parts';
import { useWindowTabs } from './use-window-tabs';

// Where the keyboard goes when the control it was on goes away (Cancel, Ask again, New question).
export const focusQuestion = () => document.getElementById('question')?.focus();

/** What `useSession` gathers, for the views App.tsx lays out. */
export type Session = ReturnType<typeof useSession>;

export function useSession(surface: 'popup' | 'panel') {
  const shown = useRun();
  // A new session opens on the history's latest thread (App.tsx): its code starts loading as soon
  // as the stored run says so, beside the other reads, not after them (lazy-parts.ts; once).
  if (shown.newSession || shown.unreadable === 'old-version') void LazyHistoryView.preload().catch(() => {});
  const { run } = shown;
  const key = useKeyStatus();
  const { thread, loaded: threadLoaded } = useThread();
  // Answered, the question stands above its answer: the box is emptied for the next one (as soon
  // as the answer is in, or when the popup opens on it). A question not answered stays in the box
  // to try again or rephrase; words typed since are kept.
  const answered = answeredQuestion(run);
  const draft = useDraft(answered === undefined ? run?.question : undefined, shown.loaded);
  useEffect(() => {
    if (answered === undefined || !run) return;
    // Ask, empty, is disabled and would drop the keyboard: it goes to the box, for the next question.
    const onAsk = document.activeElement?.matches('button.ask') ?? false;
    if (draft.clearAnswered(answered, run.startedAt) && onAsk) focusQuestion();
  }, [answered === undefined ? undefined : run?.id, draft.loaded]);
  const { windowId, here } = useHere();
  const windowTabs = useWindowTabs(windowId);
  const grants = useTabGrants(surface, windowTabs);
  const revealing = useReveal();
  const chosenTabs = draft.tabIds.filter((id) => windowTabs.some((t) => t.id === id));
  const icons = useMemo(() => new Map(windowTabs.map((t) => [t.id, { url: t.url, favIconUrl: t.favIconUrl }])), [windowTabs]);
  // Opened from the context menu: about this page, or a selection in it first.
  const [intent, dropIntent] = usePanelIntent(windowId, surface === 'panel');
  useEffect(() => {
    if (intent) draft.setScope('tab', draft.tabIds, false);
  }, [intent]);
  const askContext = { surface, question: draft.question, scope: draft.scope, chosenTabs, windowTabs, windowId, grants, intent };
  const asking = useAsking(askContext, () => {
    revealing.clear();
    dropIntent();
  });
  const working = run?.status === 'working';
  // The tabs in scope read while the question is typed (use-read-ahead.ts).
  useReadAhead(askContext, asking.granted, working || !draft.loaded);
  const earlier = earlierTurns(thread, run);

  const actions = {
    /** "New question": the thread ends; the box is emptied for a question that starts afresh. */
    newQuestion: async () => {
      revealing.clear();
      draft.setQuestion('');
      await startNewThread();
      focusQuestion();
    },
    askAgain: () => {
      focusQuestion();
      asking.ask(draft.scope);
    },
    cancel: () => {
      focusQuestion();
      void callWorker({ type: 'cancel' });
    },
    // Send and Cancel go away with the review: the keyboard goes back to the question box.
    review: (send: boolean) => {
      focusQuestion();
      if (run) void callWorker({ type: 'review', runId: run.id, send });
    },
  };

  return {
    shown,
    run,
    key,
    thread,
    draft,
    windowId,
    windowTabs,
    revealing,
    chosenTabs,
    icons,
    intent,
    dropIntent,
    asking,
    working,
    earlier,
    elsewhere: threadElsewhere(thread, here, draft.scope, chosenTabs, working),
    loaded: shown.loaded && key.loaded && draft.loaded && threadLoaded,
    actions,
  };
}
