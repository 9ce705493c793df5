import { describe, expect, it } from 'vitest';
import { passage } from '@/tests/support/passages';
import { fragmentTokens } from './budget';
import { selectPassages } from './rank';
import { planTurn } from '@/lib/worker/prompt/thread-plan';
import type { Turn } from '@/lib/shared/answer/thread';
import type { SourcedPassage } from '@/lib/shared/protocol/types';
import { choosePassages, EQUAL_SLICES, pageSections, spreadOrder } from './choose';
import kinds from '@/eval/questions/kinds.json';

function page(tabId: number, title: string, texts: Array<string | [heading: string, text: string]>): SourcedPassage[] {
  return texts.map((t, order) => {
    const [heading, text] = typeof t === 'string' ? [undefined, t] : t;
    return passage(text, {
      id: `${tabId}-${order}`,
      order,
      tabId,
      title,
      url: `https://example.org/${tabId}`,
      ...(heading ? { heading } : {}),
    });
  });
}

const museum = page(1, 'City Museum', [
  'The City Museum opens at 9 a.m. and closes at 6 p.m. every day except Monday. On public holidays the galleries close an hour earlier.',
  'Late openings run on the first Friday of each month, when the museum stays open until 10 p.m. with talks in the main hall.',
  'The museum is a five-minute walk from Central Station. Bicycle racks stand by the north entrance.',
  'Adult tickets cost 12 euros; children under twelve enter for free, and students pay half price.',
]);

/** A long article with headings: eight sections of three paragraphs each. */
const sections = ['History', 'Geography', 'Climate', 'Economy', 'Culture', 'Sport', 'Transport', 'Education'];
const article = page(
  2,
  'Riverton',
  sections.flatMap((h, s) =>
    [0, 1, 2].map((k): [string, string] => [
      h,
      `Paragraph ${k + 1} of the ${h.toLowerCase()} section tells the reader about item ${s * 3 + k} of Riverton in some detail, with enough words to be a real passage of text that costs tokens.`,
    ]),
  ),
);

const laptops = [
  page(11, 'Aero 14 laptop', [
    'The Aero 14 is a thin laptop with a 14-inch screen.',
    'The Aero 14 costs 999 dollars and its battery lasts 12 hours.',
    'Reviewers liked the keyboard.',
  ]),
  page(12, 'Brick 15 laptop', [
    'The Brick 15 is a sturdy laptop for the office.',
    'Its price is 749 dollars; the battery lasts 8 hours.',
    'It weighs 2.1 kilograms.',
  ]),
  page(13, 'Comet 13 laptop', [
    'Comet 13: a small laptop for students.',
    'The Comet 13 sells for 1,299 dollars with a battery life of 15 hours.',
    'It has two USB-C ports.',
  ]),
];

const ids = (ps: SourcedPassage[]) => ps.map((p) => p.id);

describe('overview questions', () => {
  it('never abstain on "This tab", in any language, and send the page in reading order from its opening', () => {
    for (const q of [
      'Summarise it',
      'TL;DR',
      'What are the key points?',
      '¿De qué trata esta página?',
      'Resume esta página',
      'Fasse die Seite zusammen',
      'このページを要約して',
    ]) {
      const c = choosePassages(museum, q, 8000);
      expect([q, c.intent, c.abstain]).toEqual([q, 'overview', false]);
      expect(ids(c.passages)).toEqual(['1-0', '1-1', '1-2', '1-3']);
    }
  });

  it('as a lookup the same pages would abstain: the question names no word of them', () => {
    expect(selectPassages(museum, 'Summarise it', 8000).abstain).toBe(true);
  });

  it('spread over the sections when the page does not fit: one passage of each section before a second', () => {
    const one = fragmentTokens(article[0]!);
    const c = choosePassages(article, 'Summarise this page', one * 8 + 5);
    expect(c.passages).toHaveLength(8);
    expect(new Set(c.passages.map((p) => p.heading))).toEqual(new Set(sections));
    // In reading order, the opening first.
    expect(c.passages[0]!.id).toBe('2-0');
    expect(c.passages.map((p) => p.order)).toEqual([...c.passages.map((p) => p.order)].sort((a, b) => a - b));
  });

  it('with room for only three passages, takes the opening, the middle and a quarter, not the first three', () => {
    const one = fragmentTokens(article[0]!);
    const c = choosePassages(article, 'TL;DR', one * 3 + 5);
    const headings = c.passages.map((p) => p.heading);
    expect(headings[0]).toBe('History');
    expect(headings).toContain('Culture');
    expect(new Set(headings).size).toBe(3);
  });

  it('give every tab in scope its opening and a fair share of the budget', () => {
    const all = [...museum, ...article, ...laptops.flat()];
    const c = choosePassages(all, 'What are these pages about?', 2000);
    const perTab = new Map<number, number>();
    for (const p of c.passages) perTab.set(p.tabId, (perTab.get(p.tabId) ?? 0) + fragmentTokens(p));
    expect([...perTab.keys()].sort((a, b) => a - b)).toEqual([1, 2, 11, 12, 13]);
    for (const tab of [1, 2, 11, 12, 13]) expect(c.passages.some((p) => p.tabId === tab && p.order === 0)).toBe(true);
    // The short pages are sent whole; the long article has the rest, spread over its sections.
    for (const p of [...museum, ...laptops.flat()]) expect(ids(c.passages)).toContain(p.id);
    expect(c.tokens).toBeLessThanOrEqual(2000);
  });

  it('share the budget equally between long pages', () => {
    const copies = [2, 3, 4].flatMap((tabId) => article.map((p) => ({ ...p, tabId, id: `${tabId}-${p.order}` })));
    const one = fragmentTokens(copies[0]!);
    const c = choosePassages(copies, 'Summarise these tabs', one * 6 + 5);
    expect(c.passages.map((p) => p.tabId)).toEqual([2, 2, 3, 3, 4, 4]);
  });

  it('represent every tab when the budget is short, rather than the long openings of the first ones', () => {
    const long = 'An opening paragraph that goes on for a long while about the subject of the page. '.repeat(6);
    const many = Array.from({ length: 10 }, (_, i) => page(20 + i, `Tab ${i}`, [long, `A short fact number ${i}.`, long]));
    const short = fragmentTokens(many[0]![1]!);
    const c = choosePassages(many.flat(), 'Summarise these tabs', short * 10 + fragmentTokens(many[0]![0]!) + 5);
    expect(new Set(c.passages.map((p) => p.tabId)).size).toBe(10);
  });

  it('keep the user’s selection first', () => {
    const selected = passage('Children under twelve enter for free.', { id: 'sel', tabId: 1, selection: true });
    const c = choosePassages([selected, ...museum], 'Summarise it', 8000);
    expect(c.passages[0]!.id).toBe('sel');
  });
});

describe('general questions', () => {
  // Our own list, several languages: every word is general, none names anything in the pages.
  const general = [
    'What is written here?',
    'Tell me what this says',
    'What’s in these tabs?',
    '¿De qué habla esto?',
    '¿Qué pone aquí?',
    'Was steht hier drin?',
    'Qu’est-ce qui est écrit ici ?',
    'O que diz aqui?',
    'Cosa c’è scritto qui?',
    '这里写了什么？',
    'ここには何が書いてありますか？',
  ];

  it.each(general)('are asked as an overview, never refused unasked: %s', (q) => {
    const c = choosePassages(museum, q, 8000);
    expect([c.intent, c.abstain]).toEqual(['overview', false]);
    expect(ids(c.passages)).toEqual(['1-0', '1-1', '1-2', '1-3']);
  });

  it.each([
    ['a name', 'Who is Gustave Courbet?'],
    ['a number', 'What happened in 1789?'],
    ['a quoted phrase', 'Is there a “sculpture garden”?'],
  ])('a question naming something no passage holds (%s) is still refused without a call', (_, q) => {
    expect(choosePassages(museum, q, 8000).abstain).toBe(true);
  });

  it('a word that merely is not in the pages is no ground for a refusal: the model is asked', () => {
    expect(choosePassages(museum, 'How much is the aquarium?', 8000).abstain).toBe(false);
  });
});

describe('judgement and gist questions', () => {
  // Written for issue #33: 48 phrasings in 14 languages (eval/questions/kinds.json).
  const judgement = kinds.judgement.map((k) => k.question);
  const everyTab = [...museum, ...article, ...laptops.flat()];

  it('come in at least 10 languages, 40 phrasings', () => {
    expect(judgement.length).toBeGreaterThanOrEqual(40);
    expect(new Set(kinds.judgement.map((k) => k.lang)).size).toBeGreaterThanOrEqual(10);
  });

  it.each(judgement)('are asked, never refused unasked, of one tab or of all: %s', (q) => {
    expect([q, choosePassages(museum, q, 8000).abstain]).toEqual([q, false]);
    expect([q, choosePassages(everyTab, q, 8000).abstain]).toEqual([q, false]);
  });
});

describe('pageSections and spreadOrder', () => {
  it('cuts a page by its headings, or else in equal slices', () => {
    expect(pageSections(article)).toHaveLength(8);
    const flat = page(
      3,
      'Flat',
      Array.from({ length: 30 }, (_, i) => `Sentence number ${i} of a page without headings.`),
    );
    const slices = pageSections(flat);
    expect(slices).toHaveLength(EQUAL_SLICES);
    expect(slices.flat()).toEqual(flat);
  });

  it('orders indices so that any prefix spreads over the range', () => {
    expect(spreadOrder(8)).toEqual([0, 4, 2, 6, 1, 3, 5, 7]);
    expect([...spreadOrder(11)].sort((a, b) => a - b)).toEqual([...Array(11).keys()]);
    expect(spreadOrder(1)).toEqual([0]);
  });
});

describe('comparison questions', () => {
  const tabs = laptops.flat();

  it('represent every tab, with its passage about the compared thing first', () => {
    for (const q of [
      'Which is cheaper?',
      'Compare the prices',
      '¿Cuál es más barato?',
      'Vergleiche die Akkulaufzeit',
      '哪个更便宜？',
    ]) {
      const c = choosePassages(tabs, q, 8000);
      expect([q, c.intent, c.abstain]).toEqual([q, 'comparison', false]);
      expect(new Set(c.passages.map((p) => p.tabId))).toEqual(new Set([11, 12, 13]));
    }
  });

  it('give each tab a fair share when the budget is tight, its best passage for the question', () => {
    const room = Math.max(...tabs.map(fragmentTokens)) * 3 + 2;
    const c = choosePassages(tabs, 'Compare the battery life', room);
    expect(new Set(c.passages.map((p) => p.tabId))).toEqual(new Set([11, 12, 13]));
    expect(ids(c.passages)).toEqual(expect.arrayContaining(['11-1', '12-1', '13-1']));
  });
});

describe('lookups', () => {
  it('are ranked exactly as before', () => {
    const all = [...museum, ...laptops.flat()];
    for (const q of ['When does the museum close on public holidays?', 'How long does the Comet battery last?']) {
      const c = choosePassages(all, q, 8000);
      expect(c.intent).toBe('lookup');
      const { passages, abstain, tokens, leftOut } = selectPassages(all, q, 8000);
      expect({ passages: c.passages, abstain: c.abstain, tokens: c.tokens, leftOut: c.leftOut }).toEqual({
        passages,
        abstain,
        tokens,
        leftOut,
      });
    }
  });

  it('still abstain when their words are nowhere in the pages', () => {
    expect(choosePassages(museum, 'Who won the 1998 World Cup final?', 8000).abstain).toBe(true);
  });
});

describe('follow-ups', () => {
  const all = [...museum, ...laptops.flat()];
  const earlier = ['When does the museum close on public holidays?'];

  it('"Tell me more about that." is ranked on the earlier question', () => {
    for (const q of ['Tell me more about that.', '¿Y eso?', 'Erzähl mir mehr darüber']) {
      const c = choosePassages(all, q, 8000, earlier);
      expect([q, c.fromThread, c.rankedOn, c.abstain]).toEqual([q, true, earlier[0], false]);
      expect(c.passages[0]!.id).toBe('1-0');
    }
  });

  it('takes the earlier question’s intent: "tell me more" after a summary is a summary', () => {
    const c = choosePassages(all, 'Tell me more', 8000, ['Summarise these tabs']);
    expect(c.intent).toBe('overview');
    expect(new Set(c.passages.map((p) => p.tabId))).toEqual(new Set([1, 11, 12, 13]));
  });

  it('walks back over follow-ups that named nothing to the question that did', () => {
    const c = choosePassages(all, '¿Y eso?', 8000, [earlier[0]!, 'Tell me more about that.']);
    expect(c.rankedOn).toBe(earlier[0]);
  });

  it('a follow-up that names something new is ranked on its own words', () => {
    const c = choosePassages(all, 'And how much are tickets for students?', 8000, earlier);
    expect(c.fromThread).toBe(false);
    expect(c.passages[0]!.id).toBe('1-3');
  });

  it('without its thread, "Tell me more about that." names nothing: it is asked as an overview, not refused', () => {
    const c = choosePassages(all, 'Tell me more about that.', 8000);
    expect([c.intent, c.abstain]).toEqual(['overview', false]);
  });

  it('keeps the prompt cache: the earlier block first, unchanged', () => {
    const first = planTurn(choosePassages(all, earlier[0]!, 8000), all, 8000, []);
    const asked: Turn = {
      id: '1',
      question: earlier[0]!,
      askedAt: 0,
      answeredAt: 0,
      fragments: first.passages,
      restarted: true,
      outcome: { kind: 'abstain', reason: 'no-information', retried: false, checks: { citations: 0, broken: 0 } },
    };
    const second = planTurn(choosePassages(all, 'And how much are tickets for students?', 8000, earlier), all, 8000, [asked]);
    expect(second.passages.slice(0, first.passages.length)).toEqual(first.passages);
    expect(second.groups[0]).toBe(first.passages.length);
    expect(second.reused).toBe(first.passages.length);
  });
});
