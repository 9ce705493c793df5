/**
 * Test connection, in the options: whether the server answers and why not, the models it offers,
 * whether it honours structured output (the answer path that works there is remembered for it),
 * and whether it supports native citations (servers on this computer do not). Tests the settings
 * as typed, before Save, on the click only; a key goes with it only as the one rule says
 * (lib/shared/store/key-destination.ts: the key kept for this origin, once confirmed, never another
 * origin's, never to a server on this computer), over the no-redirect fetch, and the answer says
 * when it was left out.
 */
import { useState } from 'preact/hooks';
import { useGrantedOrigins } from './use-granted-origins';
import { originOf } from '@/lib/shared/store/api-key';
import { keyFor, keyVerdict } from '@/lib/shared/store/key-destination';
import type { SavedKeys } from '@/lib/shared/store/key-schema';
import { applyOriginRule, localAccessRequest, requestLocalAccess } from '@/lib/shared/access/local-origin-rule';
import { fetchWithoutRedirects } from '@/lib/shared/servers/no-redirect';
import { honoursJsonSchema, honoursStructuredOutput, listModels, ProbeError } from '@/lib/shared/servers/server-probe';
import { fixFor, isLocalKind, isLocalServer, PRESETS } from '@/lib/shared/servers/servers';
import type { Settings } from '@/lib/shared/store/settings';
import { learnServerFacts } from '@/lib/shared/store/storage';
import { t } from '@/lib/shared/core/i18n';

/** The probe's failure in words, with the server's own fix for a 403. */
function whyNot(err: unknown, draft: Settings): string {
  if (!(err instanceof ProbeError)) return t('testUnreachable', draft.baseURL);
  switch (err.why) {
    case 'forbidden':
      return t('testForbidden', t(fixFor(draft.server)));
    case 'redirect':
      return t('testRedirect');
    case 'auth':
      return t('testAuth');
    case 'status':
      return t('testStatus', String(err.status));
    case 'unreadable':
      return t('testUnreadable');
    default:
      return t('testUnreachable', draft.baseURL);
  }
}

export interface TestConnectionProps {
  draft: Settings;
  /** The keys kept by origin, with the one typed for the draft's origin (key-destination `keysWithTyped`). */
  keys: SavedKeys;
  /** The models the server said it offers, for the form's list. */
  onModels: (models: string[]) => void;
}

export function TestConnection({ draft, keys, onModels }: TestConnectionProps) {
  const [lines, setLines] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const granted = useGrantedOrigins();
  const test = () => {
    const baseURL = draft.baseURL.trim().replace(/\/+$/, '');
    const local = isLocalServer({ server: draft.server, baseURL });
    const target = { server: draft.server, baseURL };
    const verdict = keyVerdict(target, keys);
    const apiKey = keyFor(target, keys);
    const origin = originOf(baseURL);
    const fetchFn = fetchWithoutRedirects();
    // Inside the click: the permission that lets the extension reach a local server as shipped.
    const asked = local && localAccessRequest(baseURL) ? requestLocalAccess(baseURL, granted) : Promise.resolve(false);
    setBusy(true);
    setLines([t('testing')]);
    void (async () => {
      // Said first: a 401 that follows is then understood.
      const out: string[] =
        verdict === 'unconfirmed'
          ? [t('testKeyNotSent', origin || t('anotherAddress'))]
          : local && Object.keys(keys).length > 0
            ? [t('testKeyLocal')]
            : verdict === 'none' && Object.keys(keys).length > 0 && !local
              ? [t('testKeyNoneHere', origin || t('anotherAddress'))]
              : [];
      try {
        if (local && (await asked)) await applyOriginRule(baseURL).catch(() => false);
        const models = await listModels(fetchFn, baseURL, draft.server, apiKey, undefined, draft.api);
        onModels(models);
        out.push(t('testReachable', models.join(', ') || '—'));
        const probe = draft.api === 'chat' ? honoursJsonSchema : honoursStructuredOutput;
        const structured = await probe(fetchFn, baseURL, draft.model.trim(), apiKey).catch(
          () => PRESETS[draft.server].structuredOutput,
        );
        await learnServerFacts(originOf(baseURL), { answerPath: structured ? 'structured' : 'prompt' });
        out.push(t(structured ? 'testStructuredYes' : 'testStructuredNo'));
        const citations = !local && !isLocalKind(draft.server) && draft.api !== 'chat' && PRESETS[draft.server].nativeCitations;
        out.push(t(citations ? 'testCitationsYes' : 'testCitationsNo'));
      } catch (err) {
        out.push(whyNot(err, draft));
      }
      setLines(out);
      setBusy(false);
    })();
  };
  return (
    <div class="test-connection">
      <button type="button" onClick={test} disabled={busy}>
        {t('testConnection')}
      </button>
      {/* Polite, not a second status region: the form's own status says Save's outcome. */}
      <ul aria-live="polite" aria-label={t('testConnection')}>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
