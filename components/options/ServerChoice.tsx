/**
 * The server presets of the options: choosing one sets the base URL and lists the server's
 * models to pick from (the model field stays editable). Choosing a server on this computer asks
 * the browser, inside that click, for what lets the extension reach it as shipped
 * (lib/shared/local-origin-rule.ts), and says what was granted or how to fix the server instead.
 */
import { useEffect, useState } from 'preact/hooks';
import { useGrantedOrigins } from './use-granted-origins';
import { applyOriginRule, localAccessRequest, requestLocalAccess } from '@/lib/shared/local-origin-rule';
import { listModels } from '@/lib/shared/server-probe';
import { fixFor, isLocalKind, isLoopback, PRESETS, SERVER_KINDS, type ServerKind } from '@/lib/shared/servers';
import type { Settings } from '@/lib/shared/settings';
import { t, type MessageKey } from '@/lib/shared/i18n';

const NAME: Record<ServerKind, MessageKey> = {
  anthropic: 'serverAnthropic',
  ollama: 'serverOllama',
  lmstudio: 'serverLmStudio',
  llamacpp: 'serverLlamaCpp',
  other: 'serverOther',
};

export interface ServerChoiceProps {
  draft: Settings;
  /** Several fields at once: a preset sets the base URL, and the citation mode a local server allows. */
  onChange: (patch: Partial<Settings>) => void;
}

export function ServerChoice({ draft, onChange }: ServerChoiceProps) {
  const [models, setModels] = useState<string[]>([]);
  const granted = useGrantedOrigins();
  const [access, setAccess] = useState('');
  const { server, baseURL, apiKey } = draft;
  // The server's models, whenever the server or its address changes.
  useEffect(() => {
    const controller = new AbortController();
    setModels([]);
    const local = isLoopback(baseURL);
    if (!local && !apiKey) return;
    void (local ? applyOriginRule(baseURL).catch(() => false) : Promise.resolve(false))
      .then(() => listModels(fetch, baseURL, server, apiKey, controller.signal))
      .then((list) => {
        if (!controller.signal.aborted) setModels(list);
      })
      .catch(() => {});
    return () => controller.abort();
  }, [server, baseURL, apiKey]);

  const choose = (kind: ServerKind) => {
    const preset = PRESETS[kind];
    const next = kind === 'other' ? baseURL : preset.baseURL;
    setAccess('');
    // Asked inside the user's gesture, before anything is awaited.
    const asked = isLocalKind(kind) && localAccessRequest(next) ? requestLocalAccess(next, granted) : null;
    onChange({
      server: kind,
      baseURL: next,
      ...(!preset.nativeCitations ? { citationMode: 'structured' as const } : {}),
    });
    if (asked) {
      void asked.then(async (granted) => {
        if (granted) await applyOriginRule(next).catch(() => false);
        setAccess(granted ? t('localAccessGranted', next) : t('localAccessDenied', t(fixFor(kind))));
      });
    } else if (isLocalKind(kind) && !localAccessRequest(next)) {
      // This browser cannot rewrite the Origin (Firefox's MV2 build): the server must allow extensions.
      setAccess(t('localAccessDenied', t(fixFor(kind))));
    }
  };

  return (
    <>
      <label for="server">{t('server')}</label>
      <select id="server" value={server} onChange={(e) => choose(e.currentTarget.value as ServerKind)}>
        {SERVER_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(NAME[k])}
          </option>
        ))}
      </select>
      <p class="hint">{t('serverHint')}</p>
      {/* Always there, so that what the browser granted is announced when it is said. */}
      <p class="hint" aria-live="polite">
        {access}
      </p>
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
    </>
  );
}
