/**
 * The settings form of the options: "Server and key" first (server, key, model, address, Test
 * connection), the expert settings behind an "Advanced" disclosure, then Save and the question
 * asked before a key goes to an address the user has not confirmed for it. The rules of the draft
 * (which key the field shows, where a key may go, which model a server gets) are in
 * ./use-settings-draft.ts, shared with the welcome page; this form adds the number fields, read
 * and checked at Save.
 */
import { useRef, useState } from 'preact/hooks';
import { t } from '@/lib/shared/core/i18n';
import type { Settings } from '@/lib/shared/store/settings';
import { AdvancedSettings } from './AdvancedSettings';
import { BaseUrlField } from './BaseUrlField';
import { KeyConfirm } from './KeyConfirm';
import { KeyField } from './KeyField';
import { ModelField } from './ModelField';
import { advancedChanged, type NumberKey, readNumbers, shownNumbers, textsOf } from './number-settings';
import { ServerChoice } from './ServerChoice';
import { TestConnection } from './TestConnection';
import { type SettingsDraftProps, useSettingsDraft } from './use-settings-draft';

export type SettingsFormProps = Omit<SettingsDraftProps, 'onSaved'>;

/**
 * The extension's settings; nothing is stored until Save. A key about to go to an API origin it
 * was not confirmed for (a changed base URL, or a first key for a server other than Anthropic's)
 * waits for the user's explicit confirmation.
 */
export function SettingsForm(props: SettingsFormProps) {
  // The number fields as typed: a field may be empty while its value is retyped; Save reads them.
  const [numbers, setNumbers] = useState(() => textsOf(props.initial));
  const [invalid, setInvalid] = useState<NumberKey[]>([]);
  const [advancedOpen, setAdvancedOpen] = useState(() => advancedChanged(props.initial));
  const form = useSettingsDraft({ ...props, onSaved: (s) => setNumbers(textsOf(s)) });
  const numberRefs = {
    localTimeoutS: useRef<HTMLInputElement>(null),
    minQuoteLength: useRef<HTMLInputElement>(null),
    fragmentBudget: useRef<HTMLInputElement>(null),
  };
  const typeNumber = (key: NumberKey, text: string) => {
    setNumbers((n) => ({ ...n, [key]: text }));
    setInvalid((keys) => keys.filter((k) => k !== key));
    form.patch({});
  };
  /** The number fields read at Save: null when one is out of range (said beside it, and focused). */
  const readTyped = (): Partial<Settings> | null => {
    // The local timeout is read only where its field is shown: a server on this computer.
    const read = readNumbers(numbers, shownNumbers(form.local));
    setInvalid(read.ok ? [] : read.wrong);
    if (read.ok) return read.values;
    // Nothing is saved until every number is within its range; the first one wrong has the focus.
    form.setStatus(t('notSavedFix'));
    setAdvancedOpen(true);
    // Once the disclosure is open, the field can take the focus.
    setTimeout(() => numberRefs[read.wrong[0]!].current?.focus());
    return null;
  };
  return (
    <form
      class="settings"
      aria-labelledby="server-key-heading"
      // The form says its own problems, beside each field and in the catalogue's words.
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        form.submit(readTyped);
      }}
    >
      <h2 id="server-key-heading">{t('serverAndKey')}</h2>
      <div class="fields">
        <ServerChoice draft={form.draft} models={form.models} onChange={form.patch} onChosen={form.chosen} />
        <KeyField form={form} />
        <ModelField form={form} />
        <BaseUrlField form={form} />
        <TestConnection draft={form.draft} keys={form.draftKeys(form.draft)} onModels={form.show} />
      </div>
      <AdvancedSettings
        form={form}
        open={advancedOpen}
        onToggle={setAdvancedOpen}
        numbers={numbers}
        invalid={invalid}
        onNumber={typeNumber}
        numberRefs={numberRefs}
      />
      <div class="actions">
        <button type="submit" class="primary" ref={form.refs.save}>
          {t('save')}
        </button>
        <p role="status" class="status">
          {form.status}
        </p>
      </div>
      <KeyConfirm form={form} />
    </form>
  );
}
