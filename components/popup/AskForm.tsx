import type { Scope } from '@/lib/shared/storage';

export interface AskFormProps {
  question: string;
  scope: Scope;
  busy: boolean;
  onQuestion: (question: string) => void;
  onScope: (scope: Scope) => void;
  onAsk: () => void;
}

/** The question box, its scope and the Ask button. */
export function AskForm({ question, scope, busy, onQuestion, onScope, onAsk }: AskFormProps) {
  return (
    <form
      class="ask-form"
      onSubmit={(e) => {
        e.preventDefault();
        onAsk();
      }}
    >
      <label for="question">Question</label>
      <textarea
        id="question"
        rows={3}
        value={question}
        placeholder="What would you like to know about these pages?"
        onInput={(e) => onQuestion(e.currentTarget.value)}
        onKeyDown={(e) => {
          // Enter asks, Shift+Enter starts a new line, as in chat boxes.
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            onAsk();
          }
        }}
      />
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
      </fieldset>
      <button type="submit" disabled={busy || question.trim() === ''}>
        Ask
      </button>
    </form>
  );
}
