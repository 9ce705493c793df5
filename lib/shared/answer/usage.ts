/**
 * Tokens an answer cost, as the API reports them, summed over the calls it took (the answer,
 * a retry, the support check). Cached tokens are the fragments that a follow-up question read
 * from the prompt cache instead of paying for them again.
 */
export interface TokenUsage {
  /** Input tokens read neither from nor into the cache. */
  input: number;
  /** Input tokens read from the prompt cache. */
  cacheRead: number;
  /** Input tokens written to the prompt cache. */
  cacheWrite: number;
  output: number;
  /** Model calls counted. */
  calls: number;
}

export const NO_USAGE: TokenUsage = { input: 0, cacheRead: 0, cacheWrite: 0, output: 0, calls: 0 };

/** The `usage` object of a Messages API response, as far as we read it. */
export interface ApiUsage {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_read_input_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
}

export function usageOf(u: ApiUsage): TokenUsage {
  return {
    input: u.input_tokens ?? 0,
    cacheRead: u.cache_read_input_tokens ?? 0,
    cacheWrite: u.cache_creation_input_tokens ?? 0,
    output: u.output_tokens ?? 0,
    calls: 1,
  };
}

export function addUsage(a: TokenUsage, b: TokenUsage): TokenUsage {
  return {
    input: a.input + b.input,
    cacheRead: a.cacheRead + b.cacheRead,
    cacheWrite: a.cacheWrite + b.cacheWrite,
    output: a.output + b.output,
    calls: a.calls + b.calls,
  };
}
