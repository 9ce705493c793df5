/**
 * One number setting of the options: its label, the text the user types (which may be empty
 * while they retype it), its hint, and, after Save found it out of range, the problem beside it,
 * tied to the field so a screen reader says it with the field.
 */
import type { Ref } from 'preact';
import { t } from '@/lib/shared/core/i18n';
import type { NumberBounds } from '@/lib/shared/store/number-setting';

export interface NumberFieldProps {
  id: string;
  label: string;
  hint: string;
  text: string;
  bounds: NumberBounds;
  step?: number;
  /** Save found the text out of its bounds: the range is said beside the field. */
  invalid: boolean;
  onInput: (text: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

export function NumberField({ id, label, hint, text, bounds, step, invalid, onInput, inputRef }: NumberFieldProps) {
  const problemId = `${id}-problem`;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input
        id={id}
        ref={inputRef}
        type="number"
        inputMode="numeric"
        min={bounds.min}
        max={bounds.max}
        step={step}
        value={text}
        aria-invalid={invalid}
        aria-describedby={invalid ? problemId : undefined}
        onInput={(e) => onInput(e.currentTarget.value)}
      />
      {invalid && (
        <p id={problemId} class="field-problem">
          {t('numberRange', bounds.min, bounds.max)}
        </p>
      )}
      <p class="hint">{hint}</p>
    </div>
  );
}
