/**
 * The conversation above the question box, latest last: the thread's earlier turns (folded), then
 * the latest question and its run (progress, the answer as it arrives, the answer, an error). The
 * latest turn is brought to the top of the view when it starts, arrives and ends, so the answer
 * fills the screen without scrolling by hand; with nothing asked yet, the empty state.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { RunState, Scope } from '@/lib/shared/answer/run-state';
import type { ShownCitation } from '@/lib/shared/answer/run';
import type { Thread, Turn } from '@/lib/shared/answer/thread';
import { slot, t } from '@/lib/shared/core/i18n';
import { Isolated } from './Isolated';
import { LazySelectionNote } from './lazy-parts';
import { ThreadView } from './ThreadView';

export interface ConversationProps {
  run: RunState | null;
  thread: Thread | null;
  earlier: Turn[];
  /** The thread is about other pages than these: the next question starts a new one. */
  elsewhere: boolean;
  scope: Scope;
  onReveal: (citation: ShownCitation) => void;
  /** Shown when nothing is asked yet. */
  empty: ComponentChildren;
  /** The latest run's views (RunView); with no run, what stands for it (a run that does not read). */
  children: ComponentChildren;
}

export function Conversation({ run, thread, earlier, elsewhere, scope, onReveal, empty, children }: ConversationProps) {
  const latest = useRef<HTMLDivElement>(null);
  // A run that starts, shows its first claims or ends: its question to the top of the view.
  const claims = run?.status === 'working' ? (run.claims?.length ?? 0) > 0 : false;
  useEffect(() => {
    latest.current?.scrollIntoView?.({ block: 'start' });
  }, [run?.id, run?.status, claims]);
  return (
    <div class="conversation">
      {!run && earlier.length === 0 && empty}
      {elsewhere && thread && (
        <p class="note">
          {thread.pages.length === 1 ? (
            <Isolated
              message={t(scope === 'tab' ? 'threadElsewherePageTab' : 'threadElsewherePageWindow', slot(0))}
              words={[thread.pages[0]!.title]}
            />
          ) : (
            t(scope === 'tab' ? 'threadElsewhereTabsTab' : 'threadElsewhereTabsWindow')
          )}
        </p>
      )}
      <ThreadView turns={earlier} onReveal={onReveal} />
      {!run && children}
      {run && (
        <div class="latest" ref={latest}>
          {run.newThread === 'pages-changed' && <p class="note">{t('pagesChanged')}</p>}
          {/* The question in its own direction; "You asked" (for screen readers) in the screen's. */}
          <p class="latest-question">
            <span class="visually-hidden">{t('youAsked')} </span>
            <bdi>{run.question}</bdi>
          </p>
          {run.selection && <LazySelectionNote selection={run.selection} />}
          {children}
        </div>
      )}
    </div>
  );
}
