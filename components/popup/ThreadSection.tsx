/**
 * The conversation around the latest answer: New question, a note when the thread is about other
 * pages, its earlier turns, and which question the answer below belongs to.
 */
import { LazySelectionNote } from './lazy-parts';
import { ThreadView } from './ThreadView';
import type { RunState, Scope } from '@/lib/shared/run-state';
import type { ShownCitation } from '@/lib/shared/run';
import type { Thread, Turn } from '@/lib/shared/thread';
import { t } from '@/lib/shared/i18n';

export interface ThreadSectionProps {
  run: RunState | null;
  thread: Thread | null;
  earlier: Turn[];
  /** The thread is about other pages than these: the next question starts a new one. */
  elsewhere: boolean;
  canStartOver: boolean;
  scope: Scope;
  /** The question in the box, trimmed. */
  question: string;
  onNewQuestion: () => void;
  onReveal: (citation: ShownCitation) => void;
}

export function ThreadSection({ run, thread, earlier, elsewhere, scope, question, ...props }: ThreadSectionProps) {
  return (
    <>
      {props.canStartOver && (
        <button type="button" class="new-question" onClick={props.onNewQuestion}>
          {t('newQuestion')}
        </button>
      )}
      {elsewhere && thread && (
        <p class="note">
          {thread.pages.length === 1
            ? t(scope === 'tab' ? 'threadElsewherePageTab' : 'threadElsewherePageWindow', thread.pages[0]!.title)
            : t(scope === 'tab' ? 'threadElsewhereTabsTab' : 'threadElsewhereTabsWindow')}
        </p>
      )}
      <ThreadView turns={earlier} onReveal={props.onReveal} />
      {run?.newThread === 'pages-changed' && <p class="note">{t('pagesChanged')}</p>}
      {run && (earlier.length > 0 || run.question !== question) && run.status !== 'working' && (
        <p class="note">{t(earlier.length > 0 ? 'latestQuestion' : 'lastQuestion', run.question)}</p>
      )}
      {run?.selection && run.question === question && <LazySelectionNote selection={run.selection} />}
    </>
  );
}
