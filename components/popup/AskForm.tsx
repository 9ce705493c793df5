import type { ComponentChildren } from 'preact';
import { MAX_QUESTION_CHARS } from '@/lib/shared/limits';
import type { Scope } from '@/lib/shared/storage';
import { t } from '@/lib/shared/i18n';

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
      <label for="question">{t('question')}</label>
      <textarea
        id="question"
        rows={3}
        value={question}
        placeholder={t('questionPlaceholder')}
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
        {tooLong ? t('questionTooLong', length, MAX_QUESTION_CHARS) : t('questionLimit', MAX_QUESTION_CHARS)}
      </p>
      <fieldset class="scope">
        <legend>{t('scopeLegend')}</legend>
        <label>
          <input type="radio" name="scope" value="tab" checked={scope === 'tab'} onChange={() => onScope('tab')} />
          {t('scopeTab')}
        </label>
        <label>
          <input type="radio" name="scope" value="window" checked={scope === 'window'} onChange={() => onScope('window')} />
          {t('scopeWindow')}
        </label>
        <label>
          <input type="radio" name="scope" value="tabs" checked={scope === 'tabs'} onChange={() => onScope('tabs')} />
          {t('scopeChoose')}
        </label>
      </fieldset>
      {children}
      {/* Busy, Ask keeps the keyboard focus it has (a disabled button drops it): it is only said to be unavailable. */}
      <button type="submit" disabled={question.trim() === '' || tooLong || !ready} aria-disabled={busy || undefined}>
        {t('ask')}
      </button>
    </form>
  );
}
