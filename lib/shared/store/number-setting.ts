/**
 * A number setting as the user types it: the field keeps their text (empty included, so a value
 * can be deleted and typed again), and Save reads it here, either a value within the setting's
 * bounds or the problem to say beside the field. Pure: the form shows what it returns.
 */

export interface NumberBounds {
  min: number;
  max: number;
}

/** What Save finds in a number field: its value, or why it cannot be saved. */
export type NumberReading = { ok: true; value: number } | { ok: false; problem: 'empty' | 'not-a-number' | 'out-of-range' };

/** The field's text read as a whole number within `bounds`; nothing is clamped or guessed. */
export function readNumberSetting(text: string, bounds: NumberBounds): NumberReading {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: 'empty' };
  const n = Number(trimmed);
  if (!Number.isFinite(n)) return { ok: false, problem: 'not-a-number' };
  const value = Math.round(n);
  if (value < bounds.min || value > bounds.max) return { ok: false, problem: 'out-of-range' };
  return { ok: true, value };
}
