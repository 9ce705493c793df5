/**
 * The answer's citations in reading order, for Next and Previous citation (lib/shared/answer/citation-steps.ts),
 * recomputed when the run changes, and the stepper's state over them (use-citation-steps.ts).
 */
import { useMemo } from 'preact/hooks';
import { citationSteps } from '@/lib/shared/answer/citation-steps';
import { outcomeOf, type RunState } from '@/lib/shared/answer/run-state';
import { useCitationSteps } from './use-citation-steps';

export function useRunSteps(
  run: RunState | null,
  active: boolean,
  reveal: Parameters<typeof useCitationSteps>[3],
): ReturnType<typeof useCitationSteps> {
  const stepList = useMemo(() => citationSteps(outcomeOf(run)), [run]);
  return useCitationSteps(run?.id ?? null, stepList, active, reveal);
}
