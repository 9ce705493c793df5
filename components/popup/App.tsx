/**
 * The question-and-answer app, shown in the toolbar popup and in the side panel (one app, the
 * same accessible names): ask, follow progress, read the verified answer, jump to its quotes.
 * The state lives in hooks (use-run, use-draft, use-thread, use-asking, use-reveal, …); this
 * file wires them to the views.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { Announcer } from './Announcer';
import { AppHeader } from './AppHeader';
import { AskSection } from './AskSection';
import { HistoryView } from './HistoryView';
import { RevealNoteView } from './RevealNoteView';
import { RunView } from './RunView';
import { ThreadSection } from './ThreadSection';
import { FaviconContext } from './favicons';
import { useAnnouncement } from './use-announcement';
import { useAsking } from './use-asking';
import { useCitationSteps } from './use-citation-steps';
import { useDraft } from './use-draft';
import { useEscapeClears } from './use-escape-clears';
import { useHere } from './use-here';
import { useKeyStatus } from './use-key-status';
import { usePanelIntent } from './use-panel-intent';
import { useReveal } from './use-reveal';
import { useRun } from './use-run';
import { useTabGrants } from './use-tab-grants';
import { earlierTurns, threadElsewhere, useThread } from './use-thread';
import { useWindowTabs } from './use-window-tabs';
import { callWorker } from '@/lib/shared/call-worker';
import { citationSteps } from '@/lib/shared/citation-steps';
import { outcomeOf } from '@/lib/shared/run-state';
import { startNewThread } from '@/lib/shared/storage';

const openOptions = () => void browser.runtime.openOptionsPage();
// Where the keyboard goes when the control it was on goes away (Cancel, Ask again, New question).
const focusQuestion = () => document.getElementById('question')?.focus();

export interface AppProps {
  /**
   * Where the app runs: the toolbar popup, which closes when a citation switches tabs, or the
   * side panel, which stays beside the page and steps through the answer's quotes.
   */
  surface: 'popup' | 'panel';
}

/** The popup and the side panel: ask, follow progress, read the verified answer, jump to a quote. */
export function App({ surface }: AppProps) {
  const shown = useRun();
  const { run } = shown;
  const key = useKeyStatus();
  const { thread, loaded: threadLoaded } = useThread();
  const draft = useDraft(run?.question, shown.loaded);
  const { windowId, here } = useHere();
  const windowTabs = useWindowTabs(windowId);
  const grants = useTabGrants(surface, windowTabs);
  const revealing = useReveal();
  // The history, shown instead of the question while its button is pressed.
  const [showHistory, setShowHistory] = useState(false);
  const chosenTabs = draft.tabIds.filter((id) => windowTabs.some((t) => t.id === id));
  const icons = useMemo(() => new Map(windowTabs.map((t) => [t.id, { url: t.url, favIconUrl: t.favIconUrl }])), [windowTabs]);
  // Opened from the context menu: about this page, or a selection in it first.
  const [intent, dropIntent] = usePanelIntent(windowId, surface === 'panel');
  useEffect(() => {
    if (intent) draft.setScope('tab', draft.tabIds, false);
  }, [intent]);
  const asking = useAsking(
    { surface, question: draft.question, scope: draft.scope, chosenTabs, windowTabs, windowId, grants, intent },
    () => {
      revealing.clear();
      dropIntent();
    },
  );

  const loaded = shown.loaded && key.loaded && draft.loaded && threadLoaded;
  const working = run?.status === 'working';
  useEscapeClears(surface === 'panel');
  const announcement = useAnnouncement(run, loaded);
  // Opened to ask: the keyboard starts in the question box.
  useEffect(() => {
    if (loaded) focusQuestion();
  }, [loaded]);

  const reveal = (c: Parameters<typeof revealing.reveal>[0]) => void revealing.reveal(c);
  const stepList = useMemo(() => citationSteps(outcomeOf(run)), [run]);
  const steps = useCitationSteps(run?.id ?? null, stepList, surface === 'panel' && !showHistory, reveal);

  /** "New question": the thread ends; the box is emptied for a question that starts afresh. */
  const newQuestion = async () => {
    revealing.clear();
    draft.setQuestion('');
    await startNewThread();
    focusQuestion();
  };

  const earlier = earlierTurns(thread, run);
  const question = draft.question.trim();

  if (!loaded) return <main class={surface} aria-busy="true" />;
  return (
    <FaviconContext.Provider value={icons}>
      <main class={surface}>
        <AppHeader
          surface={surface}
          showHistory={showHistory}
          onHistory={setShowHistory}
          windowId={windowId}
          onError={revealing.say}
        />
        <Announcer text={announcement} />
        {showHistory && <RevealNoteView revealing={revealing} />}
        {showHistory && <HistoryView stepper={surface === 'panel'} onReveal={reveal} />}
        {!showHistory && (
          <>
            <AskSection
              hasKey={key.hasKey}
              draft={draft}
              chosenTabs={chosenTabs}
              windowTabs={windowTabs}
              busy={working}
              asking={asking}
              selection={intent?.selection ?? null}
              onDropSelection={dropIntent}
              onOpenOptions={openOptions}
              focusQuestion={focusQuestion}
            />
            <ThreadSection
              run={run}
              thread={thread}
              earlier={earlier}
              elsewhere={threadElsewhere(thread, here, draft.scope, chosenTabs, working)}
              canStartOver={!working && (earlier.length > 0 || run !== null || shown.unreadable !== null)}
              scope={draft.scope}
              question={question}
              onNewQuestion={() => void newQuestion()}
              onReveal={reveal}
            />
            <RunView
              shown={shown}
              surface={surface}
              apiHost={key.apiHost}
              revealing={revealing}
              steps={steps}
              onReveal={reveal}
              onOpenOptions={openOptions}
              onAskAgain={() => {
                focusQuestion();
                asking.ask(draft.scope);
              }}
              onCancel={() => {
                focusQuestion();
                void callWorker({ type: 'cancel' });
              }}
              onReview={(send) => {
                // Send and Cancel go away with the review: the keyboard goes back to the question box.
                focusQuestion();
                if (run) void callWorker({ type: 'review', runId: run.id, send });
              }}
            />
          </>
        )}
      </main>
    </FaviconContext.Provider>
  );
}
