/**
 * The API a server that speaks both is asked through (a server on this computer: Messages as
 * shipped, or OpenAI's chat completions), beside the server presets (./ServerChoice.tsx). The
 * chat API has no native citations: choosing either sets them structured, and lists the models
 * again through the API chosen.
 */
import { t } from '@/lib/shared/core/i18n';
import type { ServerApi } from '@/lib/shared/servers/servers';
import type { Settings } from '@/lib/shared/store/settings';

export interface ServerApiFieldProps {
  draft: Settings;
  onChange: (patch: Partial<Settings>) => void;
  /** The API was chosen: the server's models are to be listed through it. */
  onChosen: (target: Pick<Settings, 'server' | 'baseURL'>) => void;
}

/** The "API" select, for a server whose preset offers the choice. */
export function ServerApiField({ draft, onChange, onChosen }: ServerApiFieldProps) {
  return (
    <div class="field">
      <label for="server-api">{t('serverApi')}</label>
      <select
        id="server-api"
        value={draft.api}
        onChange={(e) => {
          onChange({ api: e.currentTarget.value as ServerApi, citationMode: 'structured' });
          onChosen({ server: draft.server, baseURL: draft.baseURL });
        }}
      >
        <option value="messages">{t('serverApiMessages')}</option>
        <option value="chat">{t('serverApiChat')}</option>
      </select>
      <p class="hint">{t('serverApiHint')}</p>
    </div>
  );
}
