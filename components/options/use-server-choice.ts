/**
 * A server preset chosen in the options (./ServerChoice.tsx): it sets the base URL, the server's
 * own API and what it allows; a server on this computer is asked for, inside that click, what
 * lets the extension reach it as shipped (lib/shared/access/local-origin-rule.ts), and what was
 * granted, or how to fix the server instead, is said; choosing any other takes that Origin rule
 * away. The models are listed (`onChosen`) once any permission is answered.
 */
import { useState } from 'preact/hooks';
import { applyOriginRule, localAccessRequest, removeOriginRule, requestLocalAccess } from '@/lib/shared/access/local-origin-rule';
import { t } from '@/lib/shared/core/i18n';
import { fixFor, isLocalKind, PRESETS, type ServerKind } from '@/lib/shared/servers/servers';
import type { Settings } from '@/lib/shared/store/settings';
import { useGrantedOrigins } from './use-granted-origins';

/** `access`: what the browser granted for a server on this computer, or how to fix it; `choose`: a preset chosen. */
export function useServerChoice(
  baseURL: string,
  onChange: (patch: Partial<Settings>) => void,
  onChosen: (target: Pick<Settings, 'server' | 'baseURL'>) => void,
): { access: string; choose: (kind: ServerKind) => void } {
  const granted = useGrantedOrigins();
  const [access, setAccess] = useState('');
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
  return { access, choose };
}
