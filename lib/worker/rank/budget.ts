/**
 * Token estimates and budgets. The extension has no tokenizer of Claude's, and asking the API to
 * count would cost a request per question, so it estimates, on the cautious side: more tokens
 * than Claude's tokenizer usually counts, per script. The budget decides what is sent; the hard
 * cap makes sure that whatever the budget setting, the request fits the model's context with the
 * question, the system prompt, a retry turn and the longest answer.
 */
import type { SourcedPassage } from '@/lib/shared/protocol/types';
import { clampBudget } from '@/lib/shared/store/settings';

/**
 * Tokens per character, by kind of character, set above what Claude's tokenizer gives on prose:
 * English and other ASCII text runs at about 4 characters a token, accented Latin, Greek and
 * Cyrillic lower, Chinese and Japanese at about one character a token, Thai and other
 * scripts, spelt out byte by byte, at about one.
 */
const PER_CHAR = {
  ascii: 1 / 3.2,
  space: 0.05,
  lgc: 0.5,
  cjk: 1.25,
  other: 1.25,
  symbol: 1,
};

const ASCII_WORD = /[A-Za-z0-9]/;
const SPACE = /\s/;
const LGC = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{M}]/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LETTER = /[\p{L}\p{N}]/u;

/**
 * Estimates of the longer texts already seen: a passage is costed for every question of a thread
 * (and for each budget decision in one), and the estimate looks at every character.
 */
const estimates = new Map<string, number>();
const MEMO_MIN_CHARS = 16;
const MEMO_MAX_ENTRIES = 20_000;

export function estimateTokens(text: string): number {
  if (text.length < MEMO_MIN_CHARS) return estimateChars(text);
  let t = estimates.get(text);
  if (t === undefined) {
    if (estimates.size >= MEMO_MAX_ENTRIES) estimates.clear();
    t = estimateChars(text);
    estimates.set(text, t);
  }
  return t;
}

function estimateChars(text: string): number {
  let t = 0;
  for (const ch of text) {
    if (ASCII_WORD.test(ch)) t += PER_CHAR.ascii;
    else if (SPACE.test(ch)) t += PER_CHAR.space;
    else if (LGC.test(ch)) t += PER_CHAR.lgc;
    else if (CJK.test(ch)) t += PER_CHAR.cjk;
    else if (LETTER.test(ch)) t += PER_CHAR.other;
    else t += PER_CHAR.symbol;
  }
  return Math.ceil(t);
}

/**
 * What one fragment costs in the prompt: its text and heading, its source (title and site), and
 * the markup around it (`<document index="12" source="…" section="…">…</document>`).
 */
export function fragmentTokens(p: Pick<SourcedPassage, 'text' | 'heading' | 'title' | 'url'>): number {
  return estimateTokens(p.text) + estimateTokens(p.heading ?? '') + sourceTokens(p.title) + sourceTokens(p.url) + 16;
}

/**
 * A tab's title and address are the same strings on every passage of it, and the ranking asks
 * for the same fragment's cost again and again: each is estimated once.
 */
const sourceCache = new Map<string, number>();
function sourceTokens(s: string): number {
  let t = sourceCache.get(s);
  if (t === undefined) {
    if (sourceCache.size >= 512) sourceCache.clear();
    t = estimateTokens(s);
    sourceCache.set(s, t);
  }
  return t;
}

/** The smallest context window among the models the extension offers. */
export const MODEL_CONTEXT_TOKENS = 200_000;
/** What the request holds besides fragments and question: system prompt, retry turn, answer. */
const RESERVED_TOKENS = 1_000 + 2 * 4_096 + 4_000;

/**
 * The tokens the fragments may take for this question: the setting, but never so much that the
 * question (always sent whole), the fragments at twice their estimate, and the rest of the
 * request would overflow the context window.
 */
export function fragmentBudget(setting: number | undefined, question: string, contextTokens?: number): number {
  if (contextTokens !== undefined) return localFragmentBudget(setting, question, contextTokens);
  const room = Math.floor((MODEL_CONTEXT_TOKENS - RESERVED_TOKENS - 2 * estimateTokens(question)) / 2);
  return Math.max(0, Math.min(clampBudget(setting), room));
}

/**
 * What a local model's context leaves besides fragments and question: the system prompt with the
 * answer's JSON schema in it, and its shorter answer (lib/worker/model/server-plan.ts LOCAL_MAX_TOKENS).
 */
const LOCAL_RESERVED_TOKENS = 1_000 + 1_000 + 1_500;

/**
 * The budget for a model of `contextTokens` (a server on this computer): the setting, but never
 * more than the context leaves with the fragments at one and a half times their estimate (another
 * tokenizer than Claude's). It may fall below the setting's minimum: a small context is small.
 */
function localFragmentBudget(setting: number | undefined, question: string, contextTokens: number): number {
  const room = Math.floor((contextTokens - LOCAL_RESERVED_TOKENS - 1.5 * estimateTokens(question)) / 1.5);
  return Math.max(0, Math.min(clampBudget(setting), room));
}
