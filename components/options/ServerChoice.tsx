/**
 * The server presets of the options: choosing one sets the base URL and lists the server's
 * models to pick from (the model field stays editable); the model becomes one that server has.
 * Choosing a server on this computer asks the browser, inside that click, for what lets the
 * extension reach it as shipped (lib/shared/access/local-origin-rule.ts), and says what was
 * granted or how to fix the server instead; choosing any other takes that Origin rule away
 * (./use-server-choice.ts). The list itself is asked by the form, at the moments the user chose
 * (./use-model-list.ts), never while an address is typed.
 */
import { t } from '@/lib/shared/core/i18n';
import { PRESETS, SERVER_KINDS, SERVER_NAME, type ServerKind } from '@/lib/shared/servers/servers';
import type { Settings } from '@/lib/shared/store/settings';
import { ModelsOffered } from './ModelsOffered';
import { ServerApiField } from './ServerApiField';
import { useServerChoice } from './use-server-choice';

export interface ServerChoiceProps {
  draft: Settings;
  /** The models the server offers, as last listed. */
  models: string[];
  /** Several fields at once: a preset sets the base URL, and the citation mode a local server allows. */
  onChange: (patch: Partial<Settings>) => void;
  /** A preset was chosen: its models are to be listed, at its address (once any permission is answered). */
  onChosen: (target: Pick<Settings, 'server' | 'baseURL'>) => void;
}

export function ServerChoice({ draft, models, onChange, onChosen }: ServerChoiceProps) {
  const { access, choose } = useServerChoice(draft.baseURL, onChange, onChosen);
  return (
    <>
      <div class="field">
        <label for="server">{t('server')}</label>
        <select
          id="server"
          value={draft.server}
          aria-describedby="server-hint"
          onChange={(e) => choose(e.currentTarget.value as ServerKind)}
        >
          {SERVER_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(SERVER_NAME[k])}
            </option>
          ))}
        </select>
        <p class="hint" id="server-hint">
          {t('serverHint')}
        </p>
      </div>
      {PRESETS[draft.server].apiChoice && <ServerApiField draft={draft} onChange={onChange} onChosen={onChosen} />}
      {/* Always there, so that what the browser granted is announced when it is said. */}
      <p class="hint" aria-live="polite">
        {access}
      </p>
      <ModelsOffered models={models} model={draft.model} onChange={onChange} />
    </>
  );
}
