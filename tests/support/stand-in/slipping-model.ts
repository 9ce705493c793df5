/**
 * A model for the stand-in that quotes the way real models do, not perfectly: each slip of
 * ../shared/notes/real-models.md (quotation marks, `**bold**`, a list marker, an ellipsis at an
 * end, "A … B", the wrong document number, a quote running into the next passage) and the ones
 * that must never be shown (paraphrase, translation, invention), at stated rates. It reads the
 * request as the API would receive it (documents, question, and on a retry the problems listed)
 * and answers with the answer schema's JSON, so the real pipeline and SDK are what is measured.
 *
 * `slip` is exported on its own: an end-to-end test scripts one claim of each class with it.
 */
import type { RecordedRequest, Reply } from './messages-api';
import { REPAIR_CLASSES } from '@/lib/shared/answer/run';
import { seededRandom } from '../seeded-random';

// The honest slips are exactly the classes the verifier repairs; the others it must never show.
export const SLIP_CLASSES = ['none', ...REPAIR_CLASSES, 'paraphrase', 'translation', 'invention'] as const;
export type SlipClass = (typeof SLIP_CLASSES)[number];

/** The slips whose words still stand in the page: a claim quoted with them is true. */
export const HONEST: ReadonlySet<SlipClass> = new Set([
  'none',
  'quote-marks',
  'emphasis',
  'list-marker',
  'edge-ellipsis',
  'ellipsis-join',
  'wrong-index',
  'across-passages',
]);

/**
 * The share of citations with each slip. No published rate exists for quotes of pages a model was
 * given (../shared/notes/real-models.md: "that is exactly what our own measurement must
 * produce"), so these are our choice, bounded by what is published: Liu et al. 2023 (arXiv
 * 2304.09848) found 74.5 % of citations supporting their sentence, so a quarter of citations
 * slip here in some way; typography and Markdown (hermes-agent#85749, fojin#533, daimon#629) are
 * the most reported, hence the largest; the wrong locator (due-diligence-agents#24) and "A ... B"
 * (mike#391) next; words changed (kite-public#97), translated (PubSec-Info-Assistant#646) or
 * invented are the rarest among models told to copy exactly, and the ones that cost a retry.
 */
export const SLIP_RATES: Record<Exclude<SlipClass, 'none'>, number> = {
  'quote-marks': 0.07,
  emphasis: 0.03,
  'list-marker': 0.02,
  'edge-ellipsis': 0.04,
  'ellipsis-join': 0.03,
  'wrong-index': 0.03,
  'across-passages': 0.02,
  paraphrase: 0.02,
  translation: 0.01,
  invention: 0.01,
};

/** On a retry: how often a model copies the sentence it is offered, and repeats its slip without one. */
export const TAKES_SUGGESTION = 0.9;
export const REPEATS_SLIP = 0.5;

export interface Document {
  index: number;
  text: string;
}

/** A quote as the model writes it, under the index it names. */
export interface SlippedQuote {
  index: number;
  literal: string;
}

export function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
export const sentences = (text: string) => [...segmenter.segment(text)].map((s) => s.segment.trim()).filter((s) => s.length > 0);

const TRANSLATION: Record<string, string> = {
  the: 'el',
  of: 'de',
  and: 'y',
  is: 'es',
  in: 'en',
  was: 'fue',
  to: 'a',
  a: 'un',
  for: 'para',
  with: 'con',
  by: 'por',
  are: 'son',
  that: 'que',
};
const SWAPS: Record<string, string> = {
  may: 'can',
  can: 'may',
  is: 'was',
  was: 'is',
  are: 'were',
  were: 'are',
  and: 'or',
  the: 'a',
};

/**
 * `sentence` (of document `index`) as a model slips it. `docs` are all the documents sent, for the
 * wrong number (another document) and a quote that runs into the next one (`next` when the page
 * continues there). Null when the slip cannot be made with this sentence (too short, no other
 * document): the caller quotes it as it is.
 */
export function slip(
  kind: SlipClass,
  sentence: string,
  index: number,
  docs: Document[],
  options: { next?: Document; rng?: () => number } = {},
): SlippedQuote | null {
  const rng = options.rng ?? Math.random;
  const words = sentence.split(/\s+/);
  const at = (literal: string) => ({ index, literal });
  switch (kind) {
    case 'none':
      return at(sentence);
    case 'quote-marks':
      return at(rng() < 0.5 ? `"${sentence}"` : `\u201C${sentence}\u201D`);
    case 'emphasis': {
      const k = words.findIndex((w, i) => i > 0 && /^[\p{L}\p{N}]{4,}$/u.test(w));
      if (k < 0) return null;
      return at(words.map((w, i) => (i === k ? `**${w}**` : w)).join(' '));
    }
    case 'list-marker':
      return at(`- ${sentence}`);
    case 'edge-ellipsis': {
      if (words.length < 8) return null;
      const cut = Math.max(3, Math.floor(words.length / 3));
      return at(rng() < 0.5 ? `...${words.slice(cut).join(' ')}` : `${words.slice(0, words.length - cut).join(' ')} \u2026`);
    }
    case 'ellipsis-join': {
      if (words.length < 12) return null;
      const head = words.slice(0, 4).join(' ');
      const tail = words.slice(-4).join(' ');
      if (head.length < 15 || tail.length < 15) return null;
      return at(`${head} ... ${tail}`);
    }
    case 'wrong-index': {
      const other = docs.find((d) => d.index !== index && !d.text.includes(sentence));
      return other ? { index: other.index, literal: sentence } : null;
    }
    case 'across-passages': {
      const next = options.next;
      if (!next) return null;
      const own = sentences(docs.find((d) => d.index === index)?.text ?? '');
      const first = sentences(next.text)[0];
      if (!own.length || !first) return null;
      return at(`${own.at(-1)} ${first}`);
    }
    case 'paraphrase': {
      const k = words.findIndex((w) => SWAPS[w.toLowerCase()] !== undefined);
      if (k >= 0) return at(words.map((w, i) => (i === k ? SWAPS[w.toLowerCase()]! : w)).join(' '));
      return at(words.length > 4 ? [...words.slice(0, 2), ...words.slice(3)].join(' ') : `${sentence} also`);
    }
    case 'translation': {
      const out = words.map((w) => TRANSLATION[w.toLowerCase()] ?? w);
      return at(out.join(' ') !== sentence ? out.join(' ') : `Según el texto, ${sentence}`);
    }
    case 'invention':
      return at('The page also says that this was widely reported and praised at the time.');
  }
}

/** The documents of a request, as the prompt numbered them (XML unescaped). */
export function documentsOf(request: RecordedRequest): Document[] {
  const messages = request.body?.messages ?? [];
  const blocks: string[] = [];
  for (const m of messages) {
    if (m.role !== 'user') continue;
    if (typeof m.content === 'string') blocks.push(m.content);
    else for (const b of m.content ?? []) if (b.type === 'text') blocks.push(b.text);
  }
  const docs: Document[] = [];
  for (const b of blocks) {
    for (const m of b.matchAll(/<document index="(\d+)"[^>]*>\n([\s\S]*?)\n<\/document>/g)) {
      docs.push({ index: Number(m[1]), text: unescape(m[2]!) });
    }
  }
  return docs;
}

/** The question of a request (the last one asked). */
export function questionOf(request: RecordedRequest): string {
  const messages = request.body?.messages ?? [];
  let q = '';
  for (const m of messages) {
    if (m.role !== 'user' || typeof m.content === 'string') continue;
    for (const b of m.content ?? []) {
      const hit = b.type === 'text' ? /<question>\n([\s\S]*?)\n<\/question>/.exec(b.text) : null;
      if (hit) q = unescape(hit[1]!);
    }
  }
  return q;
}

function unescape(s: string): string {
  return s.replace(/&(lt|gt|quot|apos|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]!);
}

const fold = (s: string) => s.toLowerCase().replace(/\s+/g, ' ');

/** One claim the model meant to make: which sentence, and how it slipped. */
export interface MeantClaim {
  text: string;
  slip: SlipClass;
  quote: SlippedQuote;
  /** The words it meant to quote, as they stand in the page. */
  exact: SlippedQuote;
}

export interface SlippingModel {
  reply: (request: RecordedRequest) => Reply;
  /** Per question: the claims of its first answer, each with its slip. */
  meant: Map<string, MeantClaim[]>;
  /** Requests that were retries. */
  retries: number;
}

/**
 * The model: for a question it knows the answer strings of (`answersOf`), it cites the sentence
 * that holds one (and, half the time, the sentence after it, as a second claim), each with a slip
 * drawn at `SLIP_RATES`. `continues(a, b)` says whether document b's text follows a's in its page
 * (what a model sees when a sentence runs on). On a retry it fixes each claim named in the
 * problems: the suggested sentence when there is one (at `TAKES_SUGGESTION`), else its own
 * sentence, or the same slip again (at `REPEATS_SLIP`); an invented claim is dropped instead.
 */
export function slippingModel(options: {
  seed: number;
  answersOf: (question: string) => string[];
  continues: (a: Document, b: Document) => boolean;
  rates?: Partial<typeof SLIP_RATES>;
}): SlippingModel {
  const rates = { ...SLIP_RATES, ...options.rates };
  const meant = new Map<string, MeantClaim[]>();
  const model: SlippingModel = { reply, meant, retries: 0 };

  function draw(rng: () => number): SlipClass {
    let r = rng();
    for (const [kind, rate] of Object.entries(rates) as Array<[SlipClass, number]>) {
      if (r < rate) return kind;
      r -= rate;
    }
    return 'none';
  }

  function firstAnswer(question: string, docs: Document[]): MeantClaim[] {
    const rng = seededRandom(options.seed ^ hash(question));
    const answers = options.answersOf(question).map(fold);
    const doc = docs.find((d) => answers.some((a) => a && fold(d.text).includes(a)));
    if (!doc) return [];
    // The fewest sentences that hold the answer (it may run over a segment's end, as in a list),
    // grown to a phrase: a model told to quote whole phrases does not quote "0" or "Explore".
    const raw = [...segmenter.segment(doc.text)].map((seg) => seg.segment);
    let found: { quote: string; next: number } | null = null;
    for (let len = 1; len <= raw.length && !found; len++) {
      for (let i = 0; i + len <= raw.length && !found; i++) {
        const words = raw.slice(i, i + len).join('');
        if (!answers.some((a) => fold(words).includes(a))) continue;
        let quote = words;
        let j = i + len;
        while (quote.trim().length < 20 && j < raw.length) quote += raw[j++];
        found = { quote: quote.trim(), next: j };
      }
    }
    if (!found) return [];
    const picked = [found.quote];
    const after = raw[found.next]?.trim();
    if (rng() < 0.5 && after && after.length >= 20) picked.push(after);
    return picked.map((sentence, n) => {
      const kind = draw(rng);
      const next = docs.find((d) => d.index === doc.index + 1);
      const exact = { index: doc.index, literal: sentence };
      const made = slip(kind, sentence, doc.index, docs, {
        rng,
        ...(next && options.continues(doc, next) ? { next } : {}),
      });
      return {
        text: `Claim ${n + 1} about the question (${made ? kind : 'none'}).`,
        slip: made ? kind : 'none',
        quote: made ?? exact,
        // The words it meant: across two passages, the words of both.
        exact: made && kind === 'across-passages' ? made : exact,
      };
    });
  }

  function reply(request: RecordedRequest): Reply {
    const docs = documentsOf(request);
    const question = questionOf(request);
    const messages = request.body?.messages ?? [];
    const last = messages.at(-1);
    const isRetry = typeof last?.content === 'string' && last.content.startsWith('Your answer could not be verified');
    let claims = meant.get(question);
    if (!claims || !isRetry) {
      claims = firstAnswer(question, docs);
      meant.set(question, claims);
    }
    if (claims.length === 0) return { kind: 'json', value: { no_information: true, claims: [] } };
    if (!isRetry) return answerJson(claims.map((c) => ({ text: c.text, quote: c.quote })));

    model.retries++;
    const rng = seededRandom(options.seed ^ hash(`retry ${question}`));
    const problems = unescape(last.content as string);
    const fixed = claims.flatMap((c, n) => {
      const line = problems.split('\n').find((l) => l.startsWith(`- Claim ${n + 1}:`));
      if (!line) return [{ text: c.text, quote: c.quote }];
      const suggestion = /Did you mean: "([\s\S]*?)"\? Copy it exactly/.exec(line)?.[1];
      if (suggestion && rng() < TAKES_SUGGESTION) return [{ text: c.text, quote: { index: c.quote.index, literal: suggestion } }];
      if (rng() < REPEATS_SLIP) return [{ text: c.text, quote: c.quote }];
      return c.slip === 'invention' ? [] : [{ text: c.text, quote: c.exact }];
    });
    if (fixed.length === 0) return { kind: 'json', value: { no_information: true, claims: [] } };
    return answerJson(fixed);
  }

  return model;
}

function answerJson(claims: Array<{ text: string; quote: SlippedQuote }>): Reply {
  return {
    kind: 'json',
    value: { no_information: false, claims: claims.map((c) => ({ text: c.text, citations: [c.quote] })) },
  };
}
