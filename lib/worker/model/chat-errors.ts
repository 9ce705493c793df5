/**
 * A Chat Completions server's faults in its own terms: the provider named (OpenAI, Groq, …, or
 * the server's address), what its status means there (401 a key that is not one of its keys, 403
 * no access to the model, 404 no such model, 429 with the wait its `retry-after` asked, 5xx its
 * own error), and its `finish_reason` (`length`, `content_filter`) or a model that ignores the
 * answer's schema. What is not its own (a cancel, a redirect, a connection) is said as for any
 * server (./errors.ts).
 */
import { APIConnectionTimeoutError, APIError } from '@anthropic-ai/sdk';
import { originOf } from '@/lib/shared/store/api-key';
import { plural, t } from '@/lib/shared/core/i18n';
import { isNamedProvider, SERVER_NAME, type ServerKind } from '@/lib/shared/servers/servers';
import { ModelReplyError } from './call';
import { serverDelayMs } from './retry';

/** A provider's fault, said; `action` is the one next step the popup offers. */
export class ProviderError extends Error {
  constructor(
    readonly kind: 'auth' | 'forbidden' | 'model' | 'rate-limit' | 'server' | 'timeout',
    message: string,
    readonly action: 'open-options' | 'ask-again',
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export interface ProviderContext {
  /** Its name as the user chose it, or "The server at <origin>". */
  name: string;
  model: string;
}

export function providerContext(settings: { server: ServerKind; baseURL: string; model: string }): ProviderContext {
  const name = isNamedProvider(settings.server) ? t(SERVER_NAME[settings.server]) : t('serverAt', originOf(settings.baseURL));
  return { name, model: settings.model };
}

/** `err`, from a question through Chat Completions, in the provider's terms; null: said as for any server. */
export function chatFailure(err: unknown, ctx: ProviderContext): Error | null {
  const { name, model } = ctx;
  if (err instanceof ModelReplyError) {
    if (err.kind === 'truncated') return new ModelReplyError('truncated', t('errorChatTruncated', name));
    if (err.kind === 'refused') return new ModelReplyError('refused', t('errorChatRefused', name));
    return new ModelReplyError('malformed', t('errorChatMalformed', name, model));
  }
  if (err instanceof APIConnectionTimeoutError) return new ProviderError('timeout', t('errorChatTimeout', name), 'ask-again');
  if (!(err instanceof APIError) || err.status === undefined) return null;
  const detail = err.apiMessage ? ` (${err.apiMessage})` : '';
  switch (err.status) {
    case 401:
      return new ProviderError('auth', t('errorChatAuth', name, detail), 'open-options');
    case 403:
      return new ProviderError('forbidden', t('errorChatForbidden', name, detail, model), 'open-options');
    case 404:
      return new ProviderError('model', t('errorChatModel', name, model, detail), 'open-options');
    case 429: {
      const wait = serverDelayMs(err);
      return new ProviderError(
        'rate-limit',
        wait !== null
          ? plural('errorChatRateLimit', Math.ceil(wait / 1000), name, detail)
          : t('errorChatRateLimitNoWait', name, detail),
        'ask-again',
      );
    }
    default:
      return err.status >= 500 ? new ProviderError('server', t('errorChatServer', name, String(err.status)), 'ask-again') : null;
  }
}
