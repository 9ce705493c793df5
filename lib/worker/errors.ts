/**
 * What went wrong, as the popup says it: the SDK's errors and our own reply errors turned into a
 * message and the one next step the user can take (fix the settings, or ask again).
 */
import { AnthropicError, APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import { ModelReplyError } from './model-reply';
import type { ShownError } from '@/lib/shared/run';

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
    super(
      `The API base URL now points to ${origin || 'another address'}, and your API key has not been confirmed for it. ` +
        'Nothing was sent. Confirm the new address in the options, or change it back.',
    );
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
    super(`The answer could not be kept in the browser's storage (${detail.slice(0, 200)}). Ask about fewer tabs, or ask again.`);
    this.name = 'StorageWriteError';
  }
}

/** Turns whatever the ask failed with into words for the user. Never throws. */
export function describeError(err: unknown): ShownError {
  if (err instanceof KeyOriginError) return { kind: 'key-origin', message: err.message, action: 'open-options' };
  if (err instanceof StorageWriteError) return { kind: 'storage', message: err.message, action: 'ask-again' };
  if (err instanceof ModelReplyError) return { kind: err.kind, message: err.message };
  if (err instanceof APIUserAbortError || (err instanceof DOMException && err.name === 'AbortError')) {
    return { kind: 'cancelled', message: 'The question was cancelled.', action: 'ask-again' };
  }
  if (err instanceof APIConnectionTimeoutError) {
    return {
      kind: 'timeout',
      message: 'Claude did not answer in time. Check your connection and ask again.',
      action: 'ask-again',
    };
  }
  if (err instanceof APIConnectionError) {
    return {
      kind: 'offline',
      message: 'Could not reach the API. Check your connection, or the API base URL in the options.',
      action: 'open-options',
    };
  }
  if (err instanceof APIError) {
    const detail = err.apiMessage ? ` (${err.apiMessage})` : '';
    switch (err.status) {
      case 401:
        return { kind: 'auth', message: `The API key was rejected${detail}. Check it in the options.`, action: 'open-options' };
      case 403:
        return { kind: 'forbidden', message: `The API refused this request${detail}.`, action: 'open-options' };
      case 404:
        return {
          kind: 'model',
          message: `The model was not found${detail}. Choose another in the options.`,
          action: 'open-options',
        };
      case 413:
        return { kind: 'too-large', message: 'The pages were too large to send. Ask about fewer tabs.' };
      case 429:
        return {
          kind: 'rate-limit',
          message: `Too many requests right now${detail}. Wait a moment and ask again.`,
          action: 'ask-again',
        };
      case 529:
        return { kind: 'overloaded', message: 'Claude is overloaded right now. Ask again in a moment.', action: 'ask-again' };
      default:
        if (err.status !== undefined && err.status >= 500) {
          return { kind: 'server', message: `The API had an error (${err.status}). Ask again in a moment.`, action: 'ask-again' };
        }
        if (err.status === undefined) {
          return { kind: 'stream', message: `The answer broke off${detail}. Ask again.`, action: 'ask-again' };
        }
        return { kind: 'api', message: `The API answered ${err.status}${detail}.` };
    }
  }
  // What the SDK throws when a stream stops without its last event: the connection was cut.
  if (err instanceof AnthropicError) {
    return { kind: 'stream', message: 'The connection broke while Claude was answering. Ask again.', action: 'ask-again' };
  }
  const text = err instanceof Error ? err.message : String(err);
  return { kind: 'unexpected', message: `Something went wrong: ${text}` };
}
