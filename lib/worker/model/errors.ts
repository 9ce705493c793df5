/**
 * What went wrong, as the popup says it: the SDK's errors and our own reply errors turned into a
 * message and the one next step the user can take (fix the settings, or ask again).
 */
import { AnthropicError, APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import { ModelReplyError } from './call';
import { redirectRefusal } from '@/lib/shared/servers/no-redirect';
import type { ShownError } from '@/lib/shared/answer/run';
import { t } from '@/lib/shared/core/i18n';

/**
 * The request was larger than the model takes: a 413, or a 400 whose message says the prompt is
 * too long. Worth one automatic try with fewer passages.
 */
export function isTooLarge(err: unknown): boolean {
  if (!(err instanceof APIError)) return false;
  if (err.status === 413) return true;
  return err.status === 400 && /prompt is too long|too many (input )?tokens|context (window|length)/i.test(err.apiMessage ?? '');
}

/**
 * The API base URL points to an origin the user has not confirmed the key for (it changed since,
 * or something other than the options page changed it): nothing is sent there.
 */
export class KeyOriginError extends Error {
  constructor(readonly origin: string) {
    super(t('errorKeyOrigin', origin || t('anotherAddress')));
    this.name = 'KeyOriginError';
  }
}

/**
 * The browser refused to keep the run's state (its storage quota, or storage gone): the answer
 * cannot reach the popup. Reported as such; the next question starts afresh.
 */
export class StorageWriteError extends Error {
  constructor(cause: unknown) {
    const detail = cause instanceof Error ? cause.message : String(cause);
    super(t('errorStorage', detail.slice(0, 200)));
    this.name = 'StorageWriteError';
  }
}

/** Turns whatever the ask failed with into words for the user. Never throws. */
export function describeError(err: unknown): ShownError {
  // A local server's failure, said with its fix (lib/worker/model/local-errors.ts).
  if (err instanceof Error && err.name === 'LocalServerError' && 'kind' in err) {
    return { kind: String(err.kind), message: err.message, action: err.kind === 'local-timeout' ? 'ask-again' : 'open-options' };
  }
  // A Chat Completions provider's fault, in its own terms (lib/worker/model/chat-errors.ts).
  if (err instanceof Error && err.name === 'ProviderError' && 'kind' in err && 'action' in err) {
    return { kind: String(err.kind), message: err.message, action: err.action === 'ask-again' ? 'ask-again' : 'open-options' };
  }
  if (err instanceof KeyOriginError) return { kind: 'key-origin', message: err.message, action: 'open-options' };
  if (err instanceof StorageWriteError) return { kind: 'storage', message: err.message, action: 'ask-again' };
  if (err instanceof ModelReplyError) return { kind: err.kind, message: err.message };
  if (err instanceof APIUserAbortError || (err instanceof DOMException && err.name === 'AbortError')) {
    return { kind: 'cancelled', message: t('errorCancelled'), action: 'ask-again' };
  }
  if (err instanceof APIConnectionTimeoutError) {
    return {
      kind: 'timeout',
      message: t('errorTimeout'),
      action: 'ask-again',
    };
  }
  const redirect = redirectRefusal(err);
  if (redirect) {
    return { kind: 'redirect', message: t('errorRedirect', redirect.location ?? t('anotherAddress')), action: 'open-options' };
  }
  if (err instanceof APIConnectionError) {
    return {
      kind: 'offline',
      message: t('errorOffline'),
      action: 'open-options',
    };
  }
  if (err instanceof APIError) {
    const detail = err.apiMessage ? ` (${err.apiMessage})` : '';
    switch (err.status) {
      case 401:
        return { kind: 'auth', message: t('errorAuth', detail), action: 'open-options' };
      case 403:
        return { kind: 'forbidden', message: t('errorForbidden', detail), action: 'open-options' };
      case 404:
        return {
          kind: 'model',
          message: t('errorModel', detail),
          action: 'open-options',
        };
      case 413:
        return { kind: 'too-large', message: t('errorTooLarge') };
      case 429:
        return {
          kind: 'rate-limit',
          message: t('errorRateLimit', detail),
          action: 'ask-again',
        };
      case 529:
        return { kind: 'overloaded', message: t('errorOverloaded'), action: 'ask-again' };
      default:
        if (err.status !== undefined && err.status >= 500) {
          return { kind: 'server', message: t('errorServer', String(err.status)), action: 'ask-again' };
        }
        if (err.status === undefined) {
          return { kind: 'stream', message: t('errorBrokeOff', detail), action: 'ask-again' };
        }
        return { kind: 'api', message: t('errorApi', `${err.status}${detail}`) };
    }
  }
  // What the SDK throws when a stream stops without its last event: the connection was cut.
  if (err instanceof AnthropicError) {
    return { kind: 'stream', message: t('errorConnectionBroke'), action: 'ask-again' };
  }
  const text = err instanceof Error ? err.message : String(err);
  return { kind: 'unexpected', message: t('errorUnexpected', text) };
}
