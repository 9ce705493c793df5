/**
 * Finding the answer object in a reply that is not the bare JSON asked for. A server that ignores
 * `output_config` (Ollama's Messages endpoint, LM Studio, llama.cpp) leaves the format to the
 * model, which writes a sentence, then its JSON in a fenced block, or the JSON between two
 * sentences. The candidates are read in order (the whole text, each fenced block, each top-level
 * object) and the first one the caller's zod schema accepts is the answer; anything else stays
 * unreadable. Pure: no browser, no network.
 */
import type * as z from 'zod';

/** How the answer was found: the bare JSON asked for, or one of the shapes models write instead. */
export type ReplyShape = 'bare' | 'fenced' | 'embedded';

export type FoundJson<T> =
  { ok: true; value: T; shape: ReplyShape } | { ok: false; reason: 'not-json' | 'schema'; detail?: string };

const FENCE = /```[ \t]*(?:json|JSON|jsonc)?[ \t]*\r?\n?([\s\S]*?)```/g;

function tryJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * Each balanced `{…}` at the top level of `text`, outside JSON strings, in order. A brace inside a
 * string of the object does not count; a stray `{` in the prose around it starts a candidate that
 * simply fails to parse.
 */
export function topLevelObjects(text: string): string[] {
  const out: string[] = [];
  let start = -1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (depth > 0 && inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (depth > 0 && ch === '"') inString = true;
    else if (ch === '{') {
      if (depth === 0) start = i;
      depth++;
    } else if (ch === '}' && depth > 0) {
      depth--;
      if (depth === 0) {
        out.push(text.slice(start, i + 1));
        start = -1;
      }
    }
  }
  return out;
}

/**
 * The reply's answer object, read with `schema`. The bare JSON first; then each fenced block;
 * then each top-level object in the text. `schema` when JSON was found but none of it matched
 * (the detail says where the first candidate failed), `not-json` when no JSON was found at all.
 */
export function findReplyJson<T>(text: string, schema: z.ZodType<T>): FoundJson<T> {
  const trimmed = text.trim();
  let firstIssue: string | undefined;
  const check = (value: unknown, shape: ReplyShape): FoundJson<T> | null => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return { ok: true, value: parsed.data, shape };
    firstIssue ??= parsed.error.issues.map((i) => `${i.path.join('.') || 'reply'}: ${i.message}`).join('; ');
    return null;
  };
  const bare = tryJson(trimmed);
  if (bare.ok) {
    const found = check(bare.value, 'bare');
    if (found) return found;
  }
  for (const m of trimmed.matchAll(FENCE)) {
    const inner = m[1]!.trim();
    const parsed = tryJson(inner);
    const found = parsed.ok ? check(parsed.value, 'fenced') : null;
    if (found) return found;
    // A fenced block with prose or two objects in it: its objects, one by one.
    for (const candidate of parsed.ok ? [] : topLevelObjects(inner)) {
      const p = tryJson(candidate);
      const f = p.ok ? check(p.value, 'fenced') : null;
      if (f) return f;
    }
  }
  for (const candidate of topLevelObjects(trimmed)) {
    const parsed = tryJson(candidate);
    const found = parsed.ok ? check(parsed.value, 'embedded') : null;
    if (found) return found;
  }
  return firstIssue !== undefined ? { ok: false, reason: 'schema', detail: firstIssue } : { ok: false, reason: 'not-json' };
}
