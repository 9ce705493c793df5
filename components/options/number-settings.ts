/**
 * The options' settings typed as numbers (the local time limit, the least quote length, the
 * passage budget): their bounds, their text as typed, whether any expert setting differs from what
 * the extension ships with (the "Advanced" disclosure then starts open: a user expects to see a
 * setting they changed). Pure, for the form and its tests.
 */
import { PRESETS } from '@/lib/shared/servers';
import {
  type Settings,
  DEFAULT_SETTINGS,
  MAX_LOCAL_TIMEOUT_S,
  MIN_LOCAL_TIMEOUT_S,
  MAX_FRAGMENT_BUDGET,
  MIN_FRAGMENT_BUDGET,
  MAX_QUOTE_LENGTH,
  MIN_QUOTE_LENGTH,
} from '@/lib/shared/settings';
import type { NumberBounds } from '@/lib/shared/number-setting';

export type NumberKey = 'localTimeoutS' | 'minQuoteLength' | 'fragmentBudget';

export const BOUNDS: Record<NumberKey, NumberBounds> = {
  localTimeoutS: { min: MIN_LOCAL_TIMEOUT_S, max: MAX_LOCAL_TIMEOUT_S },
  minQuoteLength: { min: MIN_QUOTE_LENGTH, max: MAX_QUOTE_LENGTH },
  fragmentBudget: { min: MIN_FRAGMENT_BUDGET, max: MAX_FRAGMENT_BUDGET },
};

export const textsOf = (s: Settings): Record<NumberKey, string> => ({
  localTimeoutS: String(s.localTimeoutS),
  minQuoteLength: String(s.minQuoteLength),
  fragmentBudget: String(s.fragmentBudget),
});

/**
 * Whether an expert setting differs from what the extension ships with: the support check's model
 * against its server's own (a preset's, else the default's).
 */
export function advancedChanged(s: Settings): boolean {
  const d = DEFAULT_SETTINGS;
  const judgeModel = PRESETS[s.server].judgeModel ?? d.judgeModel;
  return (
    s.localTimeoutS !== d.localTimeoutS ||
    s.minQuoteLength !== d.minQuoteLength ||
    s.citationMode !== d.citationMode ||
    s.judge !== d.judge ||
    (s.judgeModel !== judgeModel && s.judgeModel !== d.judgeModel) ||
    s.fragmentBudget !== d.fragmentBudget ||
    s.reviewBeforeSending !== d.reviewBeforeSending
  );
}
