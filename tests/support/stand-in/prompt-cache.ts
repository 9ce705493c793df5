/**
 * The stand-in's prompt cache, as the API documents it: the prompt is read in the order tools,
 * system, messages; a block with `cache_control` ends a cacheable prefix. A request reads the
 * longest of its prefixes that an earlier request wrote (same model, same bytes, written or read
 * within the last five minutes) and writes the prefix of its last breakpoint when it is long
 * enough. Shorter prompts than the model's minimum are silently not cached. More than four
 * breakpoints is a 400 (`cacheBreakpoints`, checked with the request).
 *
 * Token counts are the stand-in's estimate (a quarter of the characters), so the usage adds up:
 * `input_tokens` is what was neither read from nor written to the cache.
 */

export const CACHE_TTL_MS = 5 * 60_000;
export const MAX_BREAKPOINTS = 4;

/**
 * The documented minimum length of a cacheable prompt: 1,024 tokens for Sonnet and Opus, 2,048
 * for Haiku (the figures of the models the notes list; newer models may differ).
 */
export function minimumCacheable(model: string): number {
  return /haiku/i.test(model) ? 2048 : 1024;
}

export interface CacheUsage {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

const tokensOf = (chars: number) => Math.ceil(chars / 4);

/** The prompt's parts in the order the cache reads them, each with whether it ends a prefix. */
function promptParts(body: any): Array<{ part: unknown; breakpoint: boolean }> {
  const parts: Array<{ part: unknown; breakpoint: boolean }> = [];
  const add = (part: any) => parts.push({ part, breakpoint: Boolean(part && typeof part === 'object' && part.cache_control) });
  for (const tool of body.tools ?? []) add(tool);
  if (typeof body.system === 'string') add({ type: 'text', text: body.system });
  else for (const block of body.system ?? []) add(block);
  for (const message of body.messages ?? []) {
    if (typeof message.content === 'string') add({ role: message.role, text: message.content });
    else for (const block of message.content ?? []) add({ role: message.role, ...block });
  }
  return parts;
}

/** How many blocks of the request carry `cache_control`. */
export function cacheBreakpoints(body: any): number {
  return promptParts(body).filter((p) => p.breakpoint).length;
}

export function createPromptCache(now: () => number = Date.now) {
  /** Prefix key → when it expires. */
  const entries = new Map<string, number>();

  return {
    /** The usage of one request the model answers, and the cache updated by it. */
    account(body: any, totalTokens: number): CacheUsage {
      const parts = promptParts(body);
      const ends = parts.flatMap((p, i) => (p.breakpoint ? [i] : []));
      const t = now();
      // The output format shapes the prompt the model sees: a different schema is another prefix.
      const head = JSON.stringify([body.model, body.output_config ?? null]);
      const prefixes = ends.map((end) => {
        const text = JSON.stringify(parts.slice(0, end + 1).map((p) => p.part));
        return { key: head + text, tokens: Math.min(totalTokens, tokensOf(text.length)) };
      });
      const live = (key: string) => (entries.get(key) ?? 0) > t;

      let read = 0;
      for (const p of prefixes) {
        if (live(p.key)) {
          read = p.tokens;
          entries.set(p.key, t + CACHE_TTL_MS);
        }
      }
      let written = 0;
      const last = prefixes.at(-1);
      if (last && last.tokens >= minimumCacheable(String(body.model)) && !live(last.key)) {
        written = last.tokens - read;
        for (const p of prefixes) if (p.tokens >= minimumCacheable(String(body.model))) entries.set(p.key, t + CACHE_TTL_MS);
      }
      return {
        input_tokens: Math.max(0, totalTokens - read - written),
        cache_creation_input_tokens: written,
        cache_read_input_tokens: read,
      };
    },
    clear: () => entries.clear(),
  };
}
