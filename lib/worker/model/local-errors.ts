/**
 * A local server's failures, in words that say how to fix them: a 403 (the server refuses an
 * extension's Origin) with that server's own setting, a reply slower than the local time limit
 * with the setting that raises it, a request over the model's context with its size.
 */
import { APIConnectionTimeoutError, APIError } from '@anthropic-ai/sdk';
import { fixFor, type ServerKind } from '@/lib/shared/servers/servers';
import { plural, t } from '@/lib/shared/core/i18n';
import { isTooLarge } from './errors';

export class LocalServerError extends Error {
  constructor(
    readonly kind: 'local-forbidden' | 'local-timeout' | 'local-context',
    message: string,
  ) {
    super(message);
    this.name = 'LocalServerError';
  }
}

export interface LocalContext {
  kind: ServerKind;
  origin: string;
  model: string;
  timeoutS: number;
  /** The model's context, when known (lib/shared/servers/server-probe.ts). */
  contextTokens: number;
}

/** `err`, from a question to a server on this computer, said with its fix; null: said as usual. */
export function localFailure(err: unknown, ctx: LocalContext, halvedAlready: boolean): LocalServerError | null {
  if (err instanceof APIConnectionTimeoutError) {
    return new LocalServerError('local-timeout', plural('errorLocalTimeout', ctx.timeoutS));
  }
  if (err instanceof APIError && err.status === 403) {
    return new LocalServerError('local-forbidden', t('errorLocalForbidden', ctx.origin, t(fixFor(ctx.kind))));
  }
  if (halvedAlready && isTooLarge(err)) {
    return new LocalServerError('local-context', t('errorLocalContext', ctx.model, String(ctx.contextTokens)));
  }
  return null;
}
