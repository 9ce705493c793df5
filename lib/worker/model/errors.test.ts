import { APIError } from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { describeError, isTooLarge } from './errors';

const apiError = (status: number, message: string) =>
  APIError.generate(status, { type: 'error', error: { type: 'invalid_request_error', message } }, undefined, new Headers());

describe('isTooLarge', () => {
  it('knows a 413 and a 400 that says the prompt is too long', () => {
    expect(isTooLarge(apiError(413, 'Request exceeds the maximum size'))).toBe(true);
    expect(isTooLarge(apiError(400, 'prompt is too long: 212000 tokens > 200000 maximum'))).toBe(true);
  });
  it('does not mistake other bad requests for it', () => {
    expect(isTooLarge(apiError(400, 'messages: roles must alternate'))).toBe(false);
    expect(isTooLarge(new Error('prompt is too long'))).toBe(false);
  });
  it('a 413 that survives the smaller try is explained', () => {
    expect(describeError(apiError(413, 'too big'))).toMatchObject({ kind: 'too-large' });
  });
});
