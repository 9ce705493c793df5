/** "Previous citation" and "Next citation": step through the answer's quotes across tabs. */
import type { ShownCitation } from '@/lib/shared/run';

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
    <nav class="stepper" aria-label="Citations">
      <button
        type="button"
        aria-label="Previous citation"
        aria-keyshortcuts="p"
        disabled={current === 0}
        onClick={() => onStep(-1)}
      >
        <span aria-hidden="true">‹ </span>Previous
      </button>
      <span class="stepper-status" aria-live="polite" title={at?.title}>
        {at
          ? `Quote ${current! + 1} of ${steps.length}: ${at.title}`
          : `${steps.length} ${steps.length === 1 ? 'quote' : 'quotes'} to check`}
      </span>
      <button
        type="button"
        aria-label="Next citation"
        aria-keyshortcuts="n"
        disabled={current === steps.length - 1}
        onClick={() => onStep(1)}
      >
        Next<span aria-hidden="true"> ›</span>
      </button>
    </nav>
  );
}
