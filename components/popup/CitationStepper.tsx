/** "Previous citation" and "Next citation": step through the answer's quotes across tabs. */
import type { ShownCitation } from '@/lib/shared/run';
import { plural, t } from '@/lib/shared/i18n';

export interface CitationStepperProps {
  steps: ShownCitation[];
  /** Index in `steps` of the quote shown last, or null before the first. */
  current: number | null;
  onStep: (delta: 1 | -1) => void;
}

export function CitationStepper({ steps, current, onStep }: CitationStepperProps) {
  if (steps.length === 0) return null;
  const at = current === null ? null : steps[current];
  return (
    <nav class="stepper" aria-label={t('citations')}>
      <button
        type="button"
        aria-label={t('previousCitation')}
        aria-keyshortcuts="p"
        disabled={current === 0}
        onClick={() => onStep(-1)}
      >
        <span aria-hidden="true">‹ </span>
        {t('previous')}
      </button>
      <span class="stepper-status" aria-live="polite" title={at?.title}>
        {at ? t('stepperAt', current! + 1, steps.length, at.title) : plural('quotesToCheck', steps.length)}
      </span>
      <button
        type="button"
        aria-label={t('nextCitation')}
        aria-keyshortcuts="n"
        disabled={current === steps.length - 1}
        onClick={() => onStep(1)}
      >
        {t('next')}
        <span aria-hidden="true"> ›</span>
      </button>
    </nav>
  );
}
