/**
 * The composer at the foot of the popup and the side panel: one line of question that grows with
 * its text, the scope as a compact control beside it, and Ask. Enter asks, Shift+Enter starts a
 * new line, as in chat boxes. A question over the limit stays in the box, said, and Ask waits.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { MAX_QUESTION_CHARS } from '@/lib/shared/core/limits';
import type { Scope } from '@/lib/shared/answer/run-state';
import { plural, t, type MessageKey } from '@/lib/shared/core/i18n';

export interface AskFormProps {
  question: string;
  scope: Scope;
  busy: boolean;
  onQuestion: (question: string) => void;
  onScope: (scope: Scope) => void;
  onAsk: () => void;
  /** False while "Choose tabs" has no tab ticked. */
  ready?: boolean;
  /** Shown under the scope, before Ask: the list of tabs to choose from. */
  children?: ComponentChildren;
}

const SCOPES: Array<[Scope, MessageKey]> = [
  ['tab', 'scopeTab'],
  ['window', 'scopeWindow'],
  ['tabs', 'scopeChoose'],
];
/** The box grows with its text up to this height, then scrolls. */
const MAX_BOX_PX = 160;
/** The limit is shown once a question comes this close to it (and always to screen readers). */
const NEAR_LIMIT = 0.9;

/** The box as tall as its text, up to MAX_BOX_PX. */
function fitHeight(el: HTMLTextAreaElement | null): void {
  if (!el) return;
  el.style.height = 'auto';
  el.style.height = `${Math.min(el.scrollHeight + 2, MAX_BOX_PX)}px`;
}

export function AskForm({ question, scope, busy, onQuestion, onScope, onAsk, ready = true, children }: AskFormProps) {
  const length = question.trim().length;
  const tooLong = length > MAX_QUESTION_CHARS;
  const box = useRef<HTMLTextAreaElement>(null);
  // One line that grows with the question (Firefox has no `field-sizing`): measured, then set,
  // again whenever the box's width changes (a popup opens narrow, then takes its width).
  useLayoutEffect(() => fitHeight(box.current), [question]);
  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    let width = el.clientWidth;
    const watch = new ResizeObserver(() => {
      if (el.clientWidth === width) return;
      width = el.clientWidth;
      fitHeight(el);
    });
    watch.observe(el);
    return () => watch.disconnect();
  }, []);
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
      <label for="question" class="visually-hidden">
        {t('question')}
      </label>
      {/* In reading order the question, its scope (and the tabs chosen), then Ask; laid out with Ask beside the box. */}
      <div class="composer-box">
        <textarea
          id="question"
          ref={box}
          rows={1}
          value={question}
          placeholder={t('questionPlaceholder')}
          aria-describedby="question-limit"
          aria-invalid={tooLong}
          onInput={(e) => onQuestion(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              askIfFits();
            }
          }}
        />
        <fieldset class="scope">
          <legend class="visually-hidden">{t('scopeLegend')}</legend>
          {SCOPES.map(([value, key]) => (
            <label key={value}>
              <input type="radio" name="scope" value={value} checked={scope === value} onChange={() => onScope(value)} />
              <span>{t(key)}</span>
            </label>
          ))}
        </fieldset>
        {children && <div class="composer-tabs">{children}</div>}
        {/* Busy, Ask keeps the keyboard focus it has (a disabled button drops it): it is only said to be unavailable. */}
        <button
          type="submit"
          class="primary ask"
          disabled={question.trim() === '' || tooLong || !ready}
          aria-disabled={busy || undefined}
        >
          {t('ask')}
        </button>
      </div>
      <p
        id="question-limit"
        class={tooLong ? 'limit-problem' : length > MAX_QUESTION_CHARS * NEAR_LIMIT ? 'hint' : 'visually-hidden'}
        role={tooLong ? 'alert' : undefined}
      >
        {tooLong ? plural('questionTooLong', length, MAX_QUESTION_CHARS) : plural('questionLimit', MAX_QUESTION_CHARS)}
      </p>
    </form>
  );
}
