/**
 * A history as a heavy user's would be at its cap (lib/shared/store/history.ts `HISTORY_LIMITS`: 500
 * threads, 10,000,000 characters of JSON), for the history benchmark (tests/bench/history.ts):
 * threads of several turns, each answer a few claims, each claim quoting its pages with the
 * passage around the quote, as the worker records them. Varied words from a fixed seed, so two
 * runs and two builds get the same history, and search finds some threads and not others.
 */
import type { HistoryEntry, HistoryTurn } from '../../lib/shared/store/history';
import type { ShownCitation, ShownClaim } from '../../lib/shared/answer/run';
import { seededRandom } from './seeded-random';

const WORDS = (
  'museum ticket opening hours garden harbour tide bicycle station library castle river bridge ' +
  'market festival exhibition collection archive century painting sculpture visitor guide entrance ' +
  'price adult child family season winter summer spring autumn morning evening weekend holiday ' +
  'route train bus ferry parking map street square tower church palace theatre concert lecture ' +
  'recipe garden soil compost tomato pruning watering battery charger warranty repair manual ' +
  'invoice contract deadline meeting report budget project release version update security key'
).split(' ');
const SITES = ['museum.example', 'tides.example', 'bikes.example', 'garden.example', 'docs.example', 'news.example'];

function text(next: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(next() * WORDS.length)]!);
  const s = out.join(' ');
  return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
}

interface Shape {
  turns: number;
  claims: number;
  citations: number;
  /** Words of each quote's passage (a passage is 300–900 characters). */
  passageWords: number;
}

/** One thread, answered `shape.turns` times, ids and times from `n` (larger `n`, newer). */
function thread(n: number, shape: Shape, next: () => number): HistoryEntry {
  const at = Date.UTC(2026, 0, 1) + n * 3_600_000;
  const pages = Array.from({ length: 1 + (n % 3) }, (_, i) => {
    const site = SITES[(n + i) % SITES.length]!;
    return { tabId: 100 + i, url: `https://${site}/page-${n}-${i}`, title: `${text(next, 4).slice(0, -1)} — ${site}` };
  });
  const turns: HistoryTurn[] = Array.from({ length: shape.turns }, (_, k) => {
    const claims: ShownClaim[] = Array.from({ length: shape.claims }, () => {
      const citations: ShownCitation[] = Array.from({ length: shape.citations }, (_, c) => {
        const page = pages[c % pages.length]!;
        const passageText = text(next, shape.passageWords);
        const from = Math.floor(next() * (passageText.length / 2));
        return {
          literal: passageText.slice(from, from + 120),
          index: c,
          passageId: `p${n}-${k}-${c}`,
          passageText,
          passageOrder: c,
          tabId: page.tabId,
          windowId: 1,
          frameId: 0,
          url: page.url,
          title: page.title,
          site: new URL(page.url).hostname,
        };
      });
      return { text: text(next, 18), citations };
    });
    return {
      id: `turn-${n}-${k}`,
      question: `${text(next, 7).slice(0, -1)}? (${n}.${k})`,
      askedAt: at + k * 60_000,
      answeredAt: at + k * 60_000 + 8_000,
      outcome: { kind: 'answer', claims, droppedClaims: 0, retried: false, checks: { citations: claims.length * 2, broken: 0 } },
    };
  });
  return { id: `thread-${n}`, scope: 'window', pages, startedAt: at, updatedAt: at + (shape.turns - 1) * 60_000 + 8_000, turns };
}

/** A thread as the heavy user's: three questions, four claims each, two quotes a claim. */
const FULL: Shape = { turns: 3, claims: 4, citations: 2, passageWords: 60 };

/**
 * `count` threads, newest first, of about `chars / count` characters of JSON each (at the cap:
 * 500 threads and just under 10,000,000 characters). Seeded: the same threads every run.
 */
export function fullHistory(count: number, chars = 10_000_000, seed = 47): HistoryEntry[] {
  const next = seededRandom(seed);
  const entries: HistoryEntry[] = [];
  let total = 0;
  // Each thread's passages as long as its share of `chars` allows (three turns of four claims).
  const shape = { ...FULL, passageWords: Math.max(5, Math.floor((chars / count - 12_500) / 24 / 7.2)) };
  for (let n = count - 1; n >= 0; n--) {
    const e = thread(n, shape, next);
    total += JSON.stringify(e).length;
    entries.push(e);
  }
  if (total > chars) throw new Error(`the generated history is ${total} characters, over ${chars}`);
  return entries;
}
