/** "Previous citation" and "Next citation": step through the answer's quotes across tabs. */
import { useEffect, useRef } from 'preact/hooks';
import { stepFrom } from '@/lib/shared/answer/citation-steps';
import type { ShownCitation } from '@/lib/shared/answer/run';
import { plural, slot, t } from '@/lib/shared/core/i18n';
import { Chevron } from './Chevron';
import { Isolated } from './Isolated';

export interface CitationStepperProps {
  steps: ShownCitation[];
  /** Index in `steps` of the quote shown last, or null before the first. */
  current: number | null;
  onStep: (delta: 1 | -1) => void;
}

export function CitationStepper({ steps, current, onStep }: CitationStepperProps) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  // A step to the first or the last quote disables the button pressed, which drops the keyboard
  // focus to the page: once the step is shown, the focus goes to the other button.
  const handoff = useRef<HTMLButtonElement | null>(null);
  useEffect(() => {
    handoff.current?.focus();
    handoff.current = null;
  }, [current]);
  if (steps.length === 0) return null;
  const at = current === null ? null : steps[current];
  const step = (delta: 1 | -1) => {
    const pressed = delta === 1 ? next.current : previous.current;
    const end = delta === 1 ? steps.length - 1 : 0;
    if (stepFrom(current, delta, steps.length) === end && steps.length > 1 && document.activeElement === pressed) {
      handoff.current = delta === 1 ? previous.current : next.current;
    }
    onStep(delta);
  };
  return (
    <nav class="stepper" aria-label={t('citations')}>
      <button
        type="button"
        ref={previous}
        aria-label={t('previousCitation')}
        aria-keyshortcuts="p"
        disabled={current === 0}
        onClick={() => step(-1)}
      >
        <Chevron to="start" />
        {t('previous')}
      </button>
      <span class="stepper-status" aria-live="polite" title={at?.title}>
        {/* The page's title in its own direction, whatever the screen's. */}
        {at ? (
          <Isolated message={t('stepperAt', current! + 1, steps.length, slot(0))} words={[at.title]} />
        ) : (
          plural('quotesToCheck', steps.length)
        )}
      </span>
      <button
        type="button"
        ref={next}
        aria-label={t('nextCitation')}
        aria-keyshortcuts="n"
        disabled={current === steps.length - 1}
        onClick={() => step(1)}
      >
        {t('next')}
        <Chevron to="end" />
      </button>
    </nav>
  );
}
