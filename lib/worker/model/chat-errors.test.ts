/** A Chat Completions provider's faults, said with its name, in English and in Spanish. */
import { APIConnectionTimeoutError, APIError } from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { useCatalogue } from '@/tests/support/catalogue';
import { ModelReplyError } from './call';
import { chatFailure, providerContext } from './chat-errors';
import { describeError } from './errors';

const openAiError = (status: number, message: string, headers: Record<string, string> = {}) =>
  APIError.generate(
    status,
    { error: { message, type: 'invalid_request_error', param: null, code: null } },
    undefined,
    new Headers(headers),
  );
const mistral = providerContext({ server: 'mistral', baseURL: 'https://api.mistral.ai/v1', model: 'mistral-medium-latest' });
const said = (err: unknown) => describeError(chatFailure(err, mistral) ?? err);

afterEach(() => useCatalogue('en'));

describe('chatFailure', () => {
  it('names the provider, or the server’s address for an endpoint of the user’s own', () => {
    expect(said(openAiError(401, 'Unauthorized')).message).toBe(
      'Mistral rejected the API key (401) (Unauthorized). Check in the options that the key is one for Mistral.',
    );
    const own = providerContext({ server: 'chat-other', baseURL: 'https://llm.corp.example/v1', model: 'm' });
    expect(describeError(chatFailure(openAiError(503, 'down'), own)!).message).toBe(
      'The server at https://llm.corp.example had an error of its own (503). Ask again in a moment.',
    );
  });

  it('says each fault in Spanish with the Spanish catalogue', () => {
    useCatalogue('es');
    expect(said(openAiError(429, 'Rate limit', { 'retry-after': '7' })).message).toBe(
      'Mistral está limitando tus peticiones (429) (Rate limit). Pidió esperar 7 segundos: pregunta de nuevo entonces.',
    );
    expect(said(new ModelReplyError('refused', 'x')).message).toContain('Mistral detuvo la respuesta con su filtro de contenido');
    expect(said(new ModelReplyError('truncated', 'x')).message).toContain('alcanzó su límite de longitud');
    expect(said(new APIConnectionTimeoutError()).message).toBe(
      'Mistral no respondió a tiempo. Comprueba tu conexión y pregunta de nuevo.',
    );
  });

  it('leaves what is not the provider’s own to be said as for any server', () => {
    expect(chatFailure(openAiError(400, 'messages: bad'), mistral)).toBeNull();
    expect(chatFailure(new Error('x'), mistral)).toBeNull();
  });
});
