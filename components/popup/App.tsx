/**
 * The question-and-answer app, shown in the toolbar popup and in the side panel (one app, the
 * same accessible names), laid out as answer engines are: a header always in view (New question,
 * History, the side panel), the conversation with the latest answer in view, and the question box
 * last. The state lives in hooks (use-session gathers them); this file lays the views out.
 */
import { useLayoutEffect, useState } from 'preact/hooks';
import { Announcer } from './Announcer';
import { AppHeader } from './AppHeader';
import { ConversationPane } from './ConversationPane';
import { HistoryPane } from './HistoryPane';
import { LazyCitationStepper } from './lazy-parts';
import { FaviconContext } from './favicons';
import { useAnnouncement } from './use-announcement';
import { useEscapeClears } from './use-escape-clears';
import { useRunSteps } from './use-run-steps';
import { focusQuestion, useSession } from './use-session';
import { AppNotes } from './AppNotes';

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
  const { shown, run, revealing, loaded, working, earlier, actions } = session;
  // The history, shown instead of the conversation while its button is pressed; `latest` opens it
  // on the last thread ("Continue: …").
  const [history, setHistory] = useState<'closed' | 'list' | 'latest'>('closed');
  // A new session (a browser start or an update emptied the session's run): ready to type, with
  // the last thread one click away.
  const newSession = loaded && (shown.unreadable === 'old-version' || shown.newSession === true);
  useEscapeClears(surface === 'panel');
  const announcement = useAnnouncement(run, loaded);
  // Opened to ask, or back from the history: the keyboard starts in the question box.
  useLayoutEffect(() => {
    if (loaded && history === 'closed') focusQuestion();
  }, [loaded, history]);

  const historyShown = history !== 'closed';
  const reveal = (c: Parameters<typeof revealing.reveal>[0]) => void revealing.reveal(c);
  const steps = useRunSteps(run, surface === 'panel' && !historyShown, reveal);
  const canStartOver = !working && (earlier.length > 0 || run !== null || shown.unreadable !== null);

  if (!loaded) return <main class={`app ${surface}`} aria-busy="true" />;
  return (
    <FaviconContext.Provider value={session.icons}>
      <main class={`app ${surface}`}>
        <div class="top-bar">
          <AppHeader
            surface={surface}
            showHistory={historyShown}
            onHistory={(show) => setHistory(show ? 'list' : 'closed')}
            onNewQuestion={
              canStartOver && !historyShown
                ? () => {
                    void actions.newQuestion();
                  }
                : undefined
            }
            windowId={session.windowId}
            onError={revealing.say}
          />
          {!historyShown && surface === 'panel' && run?.status === 'done' && (
            <LazyCitationStepper steps={steps.list} current={steps.current} onStep={steps.step} />
          )}
        </div>
        <Announcer text={announcement} />
        <AppNotes />
        {historyShown && (
          <HistoryPane
            revealing={revealing}
            stepper={surface === 'panel'}
            onReveal={reveal}
            openLatest={history === 'latest'}
            onNothingToOpen={() => setHistory('closed')}
          />
        )}
        {!historyShown && (
          <ConversationPane
            session={session}
            surface={surface}
            newSession={newSession}
            steps={steps}
            onReveal={reveal}
            onContinue={() => setHistory('latest')}
          />
        )}
      </main>
    </FaviconContext.Provider>
  );
}
