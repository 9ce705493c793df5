import type { ComponentChildren } from 'preact';
import { MAX_QUESTION_CHARS } from '@/lib/shared/limits';
import type { Scope } from '@/lib/shared/storage';

export interface AskFormProps {
  question: string;
  scope: Scope;
  busy: boolean;
  onQuestion: (question: string) => void;
  onScope: (scope: Scope) => void;
  onAsk: () => void;
  /** False while "Choose tabs" has no tab ticked. */
  ready?: boolean;
  /** Shown below the scope: the list of tabs to choose from. */
  children?: ComponentChildren;
}

/** The question box, its scope and the Ask button. */
export function AskForm({ question, scope, busy, onQuestion, onScope, onAsk, ready = true, children }: AskFormProps) {
  // Said, not silently cut: a question over the limit stays in the box, and Ask waits.
  const length = question.trim().length;
  const tooLong = length > MAX_QUESTION_CHARS;
  const askIfFits = () => {
    if (!busy && !tooLong && ready) onAsk();
  };
  return (
    <form
      class="ask-form"
      onSubmit={(e) => {
        e.preventDefault();
        askIfFits();
      }}
    >
      <label for="question">Question</label>
      <textarea
        id="question"
        rows={3}
        value={question}
        placeholder="What would you like to know about these pages?"
        aria-describedby="question-limit"
        aria-invalid={tooLong}
        onInput={(e) => onQuestion(e.currentTarget.value)}
        onKeyDown={(e) => {
          // Enter asks, Shift+Enter starts a new line, as in chat boxes.
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            askIfFits();
          }
        }}
      />
      <p id="question-limit" class={tooLong ? 'error' : 'hint'} role={tooLong ? 'alert' : undefined}>
        {tooLong
          ? `Your question is ${length.toLocaleString('en')} characters long; a question can have ${MAX_QUESTION_CHARS.toLocaleString('en')} at most. Shorten it to ask.`
          : `Up to ${MAX_QUESTION_CHARS.toLocaleString('en')} characters.`}
      </p>
      <fieldset class="scope">
        <legend>Pages</legend>
        <label>
          <input type="radio" name="scope" value="tab" checked={scope === 'tab'} onChange={() => onScope('tab')} />
          This tab
        </label>
        <label>
          <input type="radio" name="scope" value="window" checked={scope === 'window'} onChange={() => onScope('window')} />
          All tabs in this window
        </label>
        <label>
          <input type="radio" name="scope" value="tabs" checked={scope === 'tabs'} onChange={() => onScope('tabs')} />
          Choose tabs
        </label>
      </fieldset>
      {children}
      {/* Busy, Ask keeps the keyboard focus it has (a disabled button drops it): it is only said to be unavailable. */}
      <button type="submit" disabled={question.trim() === '' || tooLong || !ready} aria-disabled={busy || undefined}>
        Ask
      </button>
    </form>
  );
}
