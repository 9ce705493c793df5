/**
 * The question and what goes with it, at the foot of the app: how to set a key when none is, the
 * access a question lacks, the selection the side panel was opened for, and the form with its
 * scope and chosen tabs.
 */
import { AskForm } from './AskForm';
import { NoKeyNote } from './NoKeyNote';
import { LazyAccessNote, LazyPendingSelectionNote, LazyTabChooser } from './lazy-parts';
import type { Asking } from './use-asking';
import type { Draft } from './use-draft';
import type { WindowTab } from './use-window-tabs';

export interface AskSectionProps {
  hasKey: boolean;
  onOpenOptions: () => void;
  draft: Draft;
  /** "Choose tabs": the ticked tabs still open. */
  chosenTabs: number[];
  windowTabs: WindowTab[];
  busy: boolean;
  asking: Asking;
  /** The selection the side panel's next question is about (context menu). */
  selection: string | null;
  onDropSelection: () => void;
  /** Where the keyboard goes when the control it was on goes away. */
  focusQuestion: () => void;
}

export function AskSection({ draft, chosenTabs, windowTabs, asking, ...props }: AskSectionProps) {
  const { question, scope } = draft;
  return (
    <footer class="composer">
      {!props.hasKey && <NoKeyNote onOpenOptions={props.onOpenOptions} />}
      {asking.access && (
        <LazyAccessNote
          need={asking.access}
          scope={scope}
          request={asking.requestAccess}
          onGranted={() => asking.sendAllowed(scope)}
          onThisTab={() => {
            draft.setScope('tab');
            asking.ask('tab');
          }}
        />
      )}
      {props.selection && (
        <LazyPendingSelectionNote
          text={props.selection}
          onRemove={() => {
            // The button goes with the note: the keyboard goes back to the question box.
            props.focusQuestion();
            props.onDropSelection();
          }}
        />
      )}
      <AskForm
        question={question}
        scope={scope}
        busy={props.busy}
        onQuestion={draft.setQuestion}
        onScope={(s) => {
          // Choosing starts from the tab the user is looking at.
          const active = windowTabs.find((t) => t.active)?.id;
          const ids = s === 'tabs' && chosenTabs.length === 0 && active !== undefined ? [active] : draft.tabIds;
          asking.clearAccess();
          draft.setScope(s, ids);
        }}
        onAsk={() => asking.ask(scope)}
        ready={scope !== 'tabs' || chosenTabs.length > 0}
      >
        {scope === 'tabs' && <LazyTabChooser tabs={windowTabs} chosen={chosenTabs} onChosen={draft.setTabIds} />}
      </AskForm>
    </footer>
  );
}
