/**
 * The options' settings typed as numbers (the local time limit, the least quote length, the
 * passage budget): one table of their fields (input, label, hint, step, bounds, where shown),
 * their text as typed, Save's reading of them, whether any expert setting differs from what the
 * extension ships with (the "Advanced" disclosure then starts open: a user expects to see a
 * setting they changed). Pure, for the form and its tests.
 */
import { PRESETS } from '@/lib/shared/servers/servers';
import {
  type Settings,
  DEFAULT_FRAGMENT_BUDGET,
  DEFAULT_SETTINGS,
  MAX_LOCAL_TIMEOUT_S,
  MIN_LOCAL_TIMEOUT_S,
  MAX_FRAGMENT_BUDGET,
  MIN_FRAGMENT_BUDGET,
  MAX_QUOTE_LENGTH,
  MIN_QUOTE_LENGTH,
} from '@/lib/shared/store/settings';
import { readNumberSetting, type NumberBounds } from '@/lib/shared/store/number-setting';
import type { MessageKey, Substitution } from '@/lib/shared/core/i18n';

export type NumberKey = 'localTimeoutS' | 'minQuoteLength' | 'fragmentBudget';

export const BOUNDS: Record<NumberKey, NumberBounds> = {
  localTimeoutS: { min: MIN_LOCAL_TIMEOUT_S, max: MAX_LOCAL_TIMEOUT_S },
  minQuoteLength: { min: MIN_QUOTE_LENGTH, max: MAX_QUOTE_LENGTH },
  fragmentBudget: { min: MIN_FRAGMENT_BUDGET, max: MAX_FRAGMENT_BUDGET },
};

/** A number field: its input's id, its label and hint in the catalogue's words, its step. */
export interface NumberFieldSpec {
  id: string;
  label: MessageKey;
  hint: MessageKey;
  hintArgs?: Substitution[];
  step?: number;
  /** Shown, and read at Save, only for a server on this computer. */
  localOnly?: boolean;
}

/** The number fields, in the form's order. */
export const NUMBER_FIELDS: Record<NumberKey, NumberFieldSpec> = {
  localTimeoutS: { id: 'local-timeout', label: 'localTimeout', hint: 'localTimeoutHint', step: 30, localOnly: true },
  minQuoteLength: { id: 'min-quote', label: 'minQuote', hint: 'minQuoteHint' },
  fragmentBudget: { id: 'fragment-budget', label: 'budget', hint: 'budgetHint', hintArgs: [DEFAULT_FRAGMENT_BUDGET], step: 500 },
};

/** The number fields shown (and read at Save), in order: the local time limit only for a server on this computer. */
export function shownNumbers(local: boolean): NumberKey[] {
  return (Object.keys(NUMBER_FIELDS) as NumberKey[]).filter((key) => local || !NUMBER_FIELDS[key].localOnly);
}

/** Save's reading of the fields `keys` as typed: their values, or those out of range, in order. */
export function readNumbers(
  texts: Record<NumberKey, string>,
  keys: NumberKey[],
): { ok: true; values: Partial<Settings> } | { ok: false; wrong: NumberKey[] } {
  const read = keys.map((key) => ({ key, reading: readNumberSetting(texts[key], BOUNDS[key]) }));
  const wrong = read.filter((r) => !r.reading.ok).map((r) => r.key);
  if (wrong.length > 0) return { ok: false, wrong };
  const values: Partial<Settings> = {};
  for (const { key, reading } of read) if (reading.ok) values[key] = reading.value;
  return { ok: true, values };
}

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
