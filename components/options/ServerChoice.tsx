/**
 * The server presets of the options: choosing one sets the base URL and lists the server's
 * models to pick from (the model field stays editable); the model becomes one that server has. Choosing a server on this computer asks
 * the browser, inside that click, for what lets the extension reach it as shipped
 * (lib/shared/access/local-origin-rule.ts), and says what was granted or how to fix the server instead;
 * choosing any other takes that Origin rule away. The list itself is asked by the form, at the
 * moments the user chose (./use-model-list.ts), never while an address is typed.
 */
import { useState } from 'preact/hooks';
import { useGrantedOrigins } from './use-granted-origins';
import { applyOriginRule, localAccessRequest, removeOriginRule, requestLocalAccess } from '@/lib/shared/access/local-origin-rule';
import {
  fixFor,
  isLocalKind,
  PRESETS,
  SERVER_KINDS,
  SERVER_NAME,
  type ServerApi,
  type ServerKind,
} from '@/lib/shared/servers/servers';
import type { Settings } from '@/lib/shared/store/settings';
import { t } from '@/lib/shared/core/i18n';

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
  const granted = useGrantedOrigins();
  const [access, setAccess] = useState('');
  const { baseURL } = draft;

  const choose = (kind: ServerKind) => {
    const preset = PRESETS[kind];
    // "Any other Messages API endpoint" and "Any OpenAI-compatible endpoint" keep the address typed.
    const next = preset.baseURL === '' ? baseURL : preset.baseURL;
    setAccess('');
    // Asked inside the user's gesture, before anything is awaited.
    const asked = isLocalKind(kind) && localAccessRequest(next) ? requestLocalAccess(next, granted) : null;
    onChange({
      server: kind,
      baseURL: next,
      // The server's own API as shipped (Messages for one on this computer, whose API list then
      // offers the other): nothing carries over from the server chosen before. The model is the
      // form's to set (a model that server has: ./use-settings-draft.ts, lib/shared/servers/servers.ts).
      api: PRESETS[kind].api,
      ...(preset.judgeModel ? { judgeModel: preset.judgeModel } : {}),
      ...(!preset.nativeCitations ? { citationMode: 'structured' as const } : {}),
    });
    if (asked) {
      void asked.then(async (granted) => {
        if (granted) await applyOriginRule(next).catch(() => false);
        setAccess(granted ? t('localAccessGranted', next) : t('localAccessDenied', t(fixFor(kind))));
        onChosen({ server: kind, baseURL: next });
      });
      return;
    }
    if (isLocalKind(kind)) {
      // This browser cannot rewrite the Origin (Firefox's MV2 build): the server must allow extensions.
      setAccess(t('localAccessDenied', t(fixFor(kind))));
    } else {
      // Another server than one on this computer: no request keeps the old server's Origin.
      void removeOriginRule().catch(() => {});
    }
    onChosen({ server: kind, baseURL: next });
  };

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
      {PRESETS[draft.server].apiChoice && (
        <div class="field">
          <label for="server-api">{t('serverApi')}</label>
          <select
            id="server-api"
            value={draft.api}
            onChange={(e) => {
              onChange({ api: e.currentTarget.value as ServerApi, citationMode: 'structured' });
              onChosen({ server: draft.server, baseURL });
            }}
          >
            <option value="messages">{t('serverApiMessages')}</option>
            <option value="chat">{t('serverApiChat')}</option>
          </select>
          <p class="hint">{t('serverApiHint')}</p>
        </div>
      )}
      {/* Always there, so that what the browser granted is announced when it is said. */}
      <p class="hint" aria-live="polite">
        {access}
      </p>
      <div class="field">
        <label for="server-models">{t('modelsOffered')}</label>
        <select
          id="server-models"
          value={models.includes(draft.model) ? draft.model : ''}
          disabled={models.length === 0}
          onChange={(e) => e.currentTarget.value && onChange({ model: e.currentTarget.value })}
        >
          <option value="">{models.length === 0 ? t('modelsNone') : '—'}</option>
          {models.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
