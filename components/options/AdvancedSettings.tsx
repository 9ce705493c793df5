/**
 * The expert settings of the options behind an "Advanced" disclosure (a native <details>, which
 * keyboards and screen readers know): the local time limit, the least quote length, native
 * citations, the support check and its model, the passage budget, review before sending. The
 * disclosure starts open when one differs from what the extension ships with
 * (./number-settings.ts `advancedChanged`), and opens when Save finds one out of range.
 */
import type { RefObject } from 'preact';
import type { Settings } from '@/lib/shared/store/settings';
import { t } from '@/lib/shared/core/i18n';
import { NumberField } from './NumberField';
import { BOUNDS, NUMBER_FIELDS, type NumberKey } from './number-settings';
import type { SettingsDraft } from './use-settings-draft';

export interface AdvancedSettingsProps {
  form: SettingsDraft;
  open: boolean;
  onToggle: (open: boolean) => void;
  /** The number fields as typed, those Save found out of range, and their inputs (to focus). */
  numbers: Record<NumberKey, string>;
  invalid: NumberKey[];
  onNumber: (key: NumberKey, text: string) => void;
  numberRefs: Record<NumberKey, RefObject<HTMLInputElement | null>>;
}

export function AdvancedSettings({ form, open, onToggle, numbers, invalid, onNumber, numberRefs }: AdvancedSettingsProps) {
  const { draft, set, local, noNative } = form;
  /** A number field as its table says (./number-settings.ts), none where it is not shown. */
  const number = (key: NumberKey) => {
    const field = NUMBER_FIELDS[key];
    if (field.localOnly && !local) return null;
    return (
      <NumberField
        id={field.id}
        label={t(field.label)}
        hint={t(field.hint, ...(field.hintArgs ?? []))}
        text={numbers[key]}
        bounds={BOUNDS[key]}
        step={field.step}
        invalid={invalid.includes(key)}
        onInput={(text) => onNumber(key, text)}
        inputRef={numberRefs[key]}
      />
    );
  };
  return (
    <details class="advanced" open={open} onToggle={(e) => onToggle(e.currentTarget.open)}>
      <summary>{t('advanced')}</summary>
      <div class="fields">
        {number('localTimeoutS')}
        {number('minQuoteLength')}
        <div class="field">
          <label class="check">
            <input
              type="checkbox"
              checked={draft.citationMode === 'native' && !noNative}
              disabled={noNative}
              onChange={(e) => set('citationMode', e.currentTarget.checked ? 'native' : 'structured')}
            />
            {t('nativeCitations')}
          </label>
          <p class="hint">
            {t(!noNative ? 'nativeCitationsHint' : draft.api === 'chat' ? 'nativeCitationsChat' : 'nativeCitationsLocal')}
          </p>
        </div>
        <div class="field">
          <label for="judge">{t('judge')}</label>
          <select id="judge" value={draft.judge} onChange={(e) => set('judge', e.currentTarget.value as Settings['judge'])}>
            <option value="auto">{t('judgeAuto')}</option>
            <option value="off">{t('judgeOff')}</option>
            <option value="mark">{t('judgeMark')}</option>
            <option value="drop">{t('judgeDrop')}</option>
          </select>
        </div>
        <div class="field">
          <label for="judge-model">{t('judgeModel')}</label>
          <input
            id="judge-model"
            spellcheck={false}
            value={draft.judgeModel}
            aria-describedby="judge-model-hint"
            onInput={(e) => set('judgeModel', e.currentTarget.value)}
          />
          <p class="hint" id="judge-model-hint">
            {t('judgeModelHint')}
          </p>
        </div>
        {number('fragmentBudget')}
        <div class="field">
          <label class="check">
            <input
              type="checkbox"
              checked={draft.reviewBeforeSending}
              onChange={(e) => set('reviewBeforeSending', e.currentTarget.checked)}
            />
            {t('reviewHeading')}
          </label>
          <p class="hint">{t('reviewHint')}</p>
        </div>
      </div>
    </details>
  );
}
