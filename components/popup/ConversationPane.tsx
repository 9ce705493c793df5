/**
 * The conversation, shown while the history is not (./App.tsx): the thread so far with the run in
 * view (its progress, its answer, what to try where nothing was found) and the question box last.
 * What those next steps do (ask about all the window's tabs, choose tabs, rephrase) is said here;
 * the state is the session's (./use-session.ts).
 */
import type { ShownCitation } from '@/lib/shared/answer/run';
import { AskSection } from './AskSection';
import { Conversation } from './Conversation';
import { EmptyState } from './EmptyState';
import { RunView } from './RunView';
import type { useRunSteps } from './use-run-steps';
import { focusQuestion, type Session } from './use-session';

const openOptions = () => void browser.runtime.openOptionsPage();

export interface ConversationPaneProps {
  session: Session;
  surface: 'popup' | 'panel';
  /** A new session (a browser start or an update emptied the session's run): ready to type. */
  newSession: boolean;
  /** The answer's citations, stepped through in the side panel. */
  steps: ReturnType<typeof useRunSteps>;
  onReveal: (c: ShownCitation) => void;
  /** "Continue: …": the history opens on the last thread. */
  onContinue: () => void;
}

/** The thread, the run and the question box. */
export function ConversationPane({ session, surface, newSession, steps, onReveal, onContinue }: ConversationPaneProps) {
  const { shown, run, key, draft, revealing, asking, intent, working, earlier, actions } = session;
  const tabsAsked = run?.scope === 'window' ? session.windowTabs.length : run?.scope === 'tabs' ? session.chosenTabs.length : 1;
  const nextSteps = {
    onAllTabs: () => {
      draft.setScope('window');
      asking.ask('window');
    },
    onChooseTabs: () => {
      const active = session.windowTabs.find((t) => t.active)?.id;
      draft.setScope('tabs', session.chosenTabs.length === 0 && active !== undefined ? [active] : draft.tabIds);
      focusQuestion();
    },
    onRephrase: focusQuestion,
  };
  return (
    <>
      <Conversation
        run={run}
        thread={session.thread}
        earlier={earlier}
        elsewhere={session.elsewhere}
        scope={draft.scope}
        onReveal={onReveal}
        empty={<EmptyState newSession={newSession} hasKey={key.hasKey} onContinue={onContinue} />}
      >
        <RunView
          // A run kept by an older version is not an error after an update: a new session.
          shown={newSession ? { run, unreadable: shown.unreadable === 'old-version' ? null : shown.unreadable } : shown}
          apiHost={key.apiHost}
          revealing={revealing}
          current={steps.currentCitation}
          tabs={tabsAsked}
          onReveal={surface === 'panel' ? steps.reveal : onReveal}
          onOpenOptions={openOptions}
          onAskAgain={actions.askAgain}
          onCancel={actions.cancel}
          onReview={actions.review}
          nextSteps={nextSteps}
        />
      </Conversation>
      <AskSection
        hasKey={key.hasKey}
        onOpenOptions={openOptions}
        draft={draft}
        chosenTabs={session.chosenTabs}
        windowTabs={session.windowTabs}
        busy={working}
        asking={asking}
        selection={intent?.selection ?? null}
        onDropSelection={session.dropIntent}
        focusQuestion={focusQuestion}
      />
    </>
  );
}
