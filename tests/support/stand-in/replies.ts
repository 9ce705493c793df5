/**
 * Scripting the Messages API stand-in and reading what the extension sent it: reply builders
 * and the documents' indexes a scripted reply cites.
 */
import type { MessagesApi, RecordedRequest } from './messages-api';

/** Replies the stand-in gives as a structured-output answer. */
export function answerReply(
  claims: Array<{ text: string; citations: Array<{ index: number; literal: string }> }>,
  no_information = false,
) {
  return { kind: 'json' as const, value: { no_information, claims } };
}

/** The Messages API calls the extension made (CORS preflights aside). */
export function messageCalls(api: MessagesApi): RecordedRequest[] {
  return api.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v1/messages'));
}

/** The text of the turns the extension sent: its documents, then its question (and any retry). */
export function sentText(req: RecordedRequest): string {
  const body = req.body as { messages: Array<{ content: string | Array<{ text: string }> }> };
  return body.messages
    .map((m) => (typeof m.content === 'string' ? m.content : m.content.map((b) => b.text).join('\n')))
    .join('\n');
}

/** The index the extension gave the document that contains `words`, so a scripted reply can cite it. */
export function indexOf(req: RecordedRequest, words: string): number {
  const docs = [...sentText(req).matchAll(/<document index="(\d+)"[^>]*>\n([\s\S]*?)\n<\/document>/g)];
  const doc = docs.find((m) => m[2]!.includes(words));
  if (!doc) throw new Error(`no document sent contains "${words}"`);
  return Number(doc[1]);
}

/**
 * Sentences of the documents sent (those whose attributes hold `source`, e.g. `source="Title`),
 * as a model would quote them: `minLength` to 200 characters, with nothing XML escaped.
 */
export function sentencesSent(req: RecordedRequest, source = '', minLength = 40): Array<{ index: number; literal: string }> {
  const out: Array<{ index: number; literal: string }> = [];
  for (const m of sentText(req).matchAll(/<document index="(\d+)"([^>]*)>\n([\s\S]*?)\n<\/document>/g)) {
    if (!m[2]!.includes(source)) continue;
    for (const s of m[3]!.split(/(?<=[.!?])\s+/)) {
      if (s.length >= minLength && s.length <= 200 && !/[&<>]/.test(s)) out.push({ index: Number(m[1]), literal: s.trim() });
    }
  }
  return out;
}
