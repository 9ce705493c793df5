/**
 * The question-and-answer app, shown in the toolbar popup and in the side panel (one app, the
 * same accessible names): ask, follow progress, read the verified answer, jump to its quotes.
 * The state lives in hooks (use-run, use-draft, use-thread, use-asking, use-reveal, …); this
 * file wires them to the views.
 */
import { useLayoutEffect, useState } from 'preact/hooks';
import { Announcer } from './Announcer';
import { AppHeader } from './AppHeader';
import { AskSection } from './AskSection';
import { LazyHistoryView } from './lazy-parts';
import { RevealNoteView } from './RevealNoteView';
import { RunView } from './RunView';
import { ThreadSection } from './ThreadSection';
import { FaviconContext } from './favicons';
import { useAnnouncement } from './use-announcement';
import { useEscapeClears } from './use-escape-clears';
import { useRunSteps } from './use-run-steps';
import { focusQuestion, useSession } from './use-session';
import { HistoryWriteNote } from './HistoryWriteNote';

const openOptions = () => void browser.runtime.openOptionsPage();

export interface AppProps {
  /**
   * Where the app runs: the toolbar popup, which closes when a citation switches tabs, or the
   * side panel, which stays beside the page and steps through the answer's quotes.
   */
  surface: 'popup' | 'panel';
}

/** The popup and the side panel: ask, follow progress, read the verified answer, jump to a quote. */
export function App({ surface }: AppProps) {
  const session = useSession(surface);
  const { shown, run, key, draft, revealing, asking, intent, loaded, working, earlier, actions } = session;
  // The history, shown instead of the question while its button is pressed.
  const [showHistory, setShowHistory] = useState(false);
  // After an update or a browser start, the last answer is gone (session storage is emptied) or
  // was kept by the older version in a shape this one cannot show: the popup opens on the user's
  // last thread from the history instead, its citations live (or on the form when there is none).
  const openLast = loaded && (shown.unreadable === 'old-version' || shown.newSession);
  // Derived, not set by an effect: shown from the first frame once loaded (a form shown and then
  // taken away would lose what the user had started to type into it, and an effect of ours can
  // run after the history has already found nothing to open), and ended only by the user (the
  // History button) or by a history with no thread to open (then the form, focused).
  const [latestDone, setLatestDone] = useState(false);
  const openLatest = openLast && !latestDone;
  const historyShown = showHistory || openLatest;
  useEscapeClears(surface === 'panel');
  const announcement = useAnnouncement(run, loaded);
  // Opened to ask: the keyboard starts in the question box (again once the form replaces a
  // history that had no thread to open).
  const [askShown, setAskShown] = useState(0);
  useLayoutEffect(() => {
    if (loaded) focusQuestion();
  }, [loaded, askShown]);

  const reveal = (c: Parameters<typeof revealing.reveal>[0]) => void revealing.reveal(c);
  const steps = useRunSteps(run, surface === 'panel' && !historyShown, reveal);
  const question = draft.question.trim();

  if (!loaded) return <main class={surface} aria-busy="true" />;
  return (
    <FaviconContext.Provider value={session.icons}>
      <main class={surface}>
        <AppHeader
          surface={surface}
          showHistory={historyShown}
          onHistory={(show) => {
            setLatestDone(true);
            setShowHistory(show);
          }}
          windowId={session.windowId}
          onError={revealing.say}
        />
        <Announcer text={announcement} />
        <HistoryWriteNote />
        {historyShown && <RevealNoteView revealing={revealing} />}
        {historyShown && (
          <LazyHistoryView
            stepper={surface === 'panel'}
            onReveal={reveal}
            openLatest={openLatest}
            onNothingToOpen={() => {
              setLatestDone(true);
              setShowHistory(false);
              setAskShown((n) => n + 1);
            }}
          />
        )}
        {!historyShown && (
          <>
            <AskSection
              hasKey={key.hasKey}
              draft={draft}
              chosenTabs={session.chosenTabs}
              windowTabs={session.windowTabs}
              busy={working}
              asking={asking}
              selection={intent?.selection ?? null}
              onDropSelection={session.dropIntent}
              onOpenOptions={openOptions}
              focusQuestion={focusQuestion}
            />
            <ThreadSection
              run={run}
              thread={session.thread}
              earlier={earlier}
              elsewhere={session.elsewhere}
              canStartOver={!working && (earlier.length > 0 || run !== null || shown.unreadable !== null)}
              scope={draft.scope}
              question={question}
              onNewQuestion={() => void actions.newQuestion()}
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
              onAskAgain={actions.askAgain}
              onCancel={actions.cancel}
              onReview={actions.review}
            />
          </>
        )}
      </main>
    </FaviconContext.Provider>
  );
}
