/**
 * How a question goes to the configured server: the answer path that works there (what was
 * learnt of it, else what its kind is known to do), and for a server on this computer its
 * Origin rule (Chrome), its model's context, its time limit and a shorter answer cap. A reply
 * that came as prose around its JSON teaches that the server ignores structured output, and a
 * model that answered 400 to `response_format` json_schema that this model there refuses it: the
 * next question writes the shape in the prompt instead.
 */
import { originOf } from '@/lib/shared/store/api-key';
import { applyOriginRule, removeOriginRule } from '@/lib/shared/access/local-origin-rule';
import { fetchWithoutRedirects } from '@/lib/shared/servers/no-redirect';
import { LOCAL_DEFAULT_CONTEXT, modelContext } from '@/lib/shared/servers/server-probe';
import { answerPathFor, isLocalServer, type AnswerPath } from '@/lib/shared/servers/servers';
import type { Settings } from '@/lib/shared/store/settings';
import { learnServerFacts, serverFactsItem } from '@/lib/shared/store/storage';
import { providerContext, type ProviderContext } from './chat-errors';
import type { LocalContext } from './local-errors';
import type { ReplyShape } from './reply-json';

/** The most a local model writes in one reply: room for a few claims with their quotes. */
export const LOCAL_MAX_TOKENS = 1500;
const SHOW_TIMEOUT_MS = 3000;

export interface ServerPlan {
  answerPath: AnswerPath;
  onReplyShape: (shape: ReplyShape) => void;
  /** A model of this server refused `response_format` json_schema: remembered for it (origin and model). */
  onSchemaRefused?: (model: string) => void;
  local: (LocalContext & { timeoutMs: number; maxTokens: number }) | null;
  /** A server asked through Chat Completions: its faults are said in its terms (./chat-errors.ts). */
  provider: ProviderContext | null;
}

export async function serverPlan(settings: Settings, fetchFn: typeof fetch = fetchWithoutRedirects()): Promise<ServerPlan> {
  const origin = originOf(settings.baseURL);
  const facts = (await serverFactsItem.getValue().catch(() => ({}) as Record<string, never>))[origin];
  const answerPath = answerPathFor(settings.server, facts, settings.model);
  const provider = settings.api === 'chat' ? providerContext(settings) : null;
  const onReplyShape = (shape: ReplyShape) => {
    if (answerPath === 'structured' && shape !== 'bare') void learnServerFacts(origin, { answerPath: 'prompt' }).catch(() => {});
  };
  const onSchemaRefused = (model: string) => void learnServerFacts(origin, { modelPaths: { [model]: 'prompt' } }).catch(() => {});
  if (!isLocalServer(settings)) {
    // No Origin rule outlives the local server it was made for (one chosen earlier, then changed).
    await removeOriginRule().catch(() => {});
    return { answerPath, onReplyShape, onSchemaRefused, local: null, provider };
  }
  // Chrome: the extension's requests to this server carry the server's own Origin, if allowed.
  await applyOriginRule(settings.baseURL).catch(() => false);
  let contextTokens = facts?.contexts?.[settings.model];
  if (contextTokens === undefined && settings.server === 'ollama') {
    const shown = await modelContext(fetchFn, settings.baseURL, settings.model, AbortSignal.timeout(SHOW_TIMEOUT_MS)).catch(
      () => null,
    );
    if (shown) {
      contextTokens = shown;
      await learnServerFacts(origin, { contexts: { [settings.model]: shown } }).catch(() => {});
    }
  }
  return {
    answerPath,
    onReplyShape,
    onSchemaRefused,
    provider,
    local: {
      kind: settings.server,
      origin,
      model: settings.model,
      timeoutS: settings.localTimeoutS,
      timeoutMs: settings.localTimeoutS * 1000,
      maxTokens: LOCAL_MAX_TOKENS,
      contextTokens: contextTokens ?? LOCAL_DEFAULT_CONTEXT,
    },
  };
}
