import { describe, expect, it } from 'vitest';
import { passage } from '@/tests/support/passages';
import { fragmentTokens } from './budget';
import { rankPassages, RELEVANCE_THRESHOLD, SELECTION_SHARE, selectPassages } from './rank';
import type { SourcedPassage } from '@/lib/shared/protocol/types';

/** A page of passages in reading order, as one tab. */
function page(tabId: number, title: string, texts: string[]): SourcedPassage[] {
  return texts.map((text, order) =>
    passage(text, { id: `${tabId}-${order}`, order, tabId, title, url: `https://example.org/${tabId}` }),
  );
}

const museum = page(1, 'City Museum', [
  'The City Museum opens at 9 a.m. and closes at 6 p.m. every day except Monday. On public holidays the galleries close an hour earlier.',
  'Late openings run on the first Friday of each month, when the museum stays open until 10 p.m. with talks in the main hall.',
  'The museum is a five-minute walk from Central Station. Bicycle racks stand by the north entrance.',
]);
const garden = page(2, 'Spring gardening tips', [
  'Sow tomatoes indoors six weeks before the last frost, and move them outside once the nights stay warm.',
  'Water deeply but rarely: roots grow down to follow the moisture, which makes plants sturdier in summer.',
]);
const football = page(3, 'Super Bowl 50', [
  'The Panthers defense gave up just 308 points, ranking sixth in the league, while also leading the NFL in interceptions with 24.',
  'Cornerback Josh Norman developed into a shutdown corner during the season and had four interceptions, two of which were returned for touchdowns.',
  'The Normans were the people who in the 10th and 11th centuries gave their name to Normandy, a region in France.',
]);
const tabs = [...museum, ...garden, ...football];

const firstId = (question: string, ps = tabs) => selectPassages(ps, question).passages[0]?.id;

describe('rankPassages', () => {
  it('puts the passage that holds the question’s rarer words first', () => {
    expect(firstId('When does the museum close on public holidays?')).toBe('1-0');
    expect(firstId('How far is the museum from the station?')).toBe('1-2');
  });

  it('matches another form of a word: "intercept" finds "interceptions"', () => {
    expect(firstId('How many balls did Josh Norman intercept?')).toBe('3-1');
  });

  it('ranks the page a question is about above a passage that only shares a name', () => {
    // "Norman" is in the Normans' passage too; the football page holds the rest of the question.
    const ids = rankPassages(tabs, 'How many touchdowns did Norman return?').units.map((u) => u.members[0]!.id);
    expect(ids.indexOf('3-1')).toBeLessThan(ids.indexOf('3-2'));
  });

  it('gives the same ranking for the same pages and question, in any order of the tabs', () => {
    const ranked = (ps: SourcedPassage[]) =>
      rankPassages(ps, 'museum open').units.map((u) => u.members.map((m) => m.id).join('+'));
    expect(ranked([...tabs].reverse())).toEqual(ranked(tabs));
  });
});

describe('ranking beyond English', () => {
  it('Spanish: accents and inflections do not matter', () => {
    const es = page(4, 'Super Bowl 50', [
      'La secundaria de Carolina contó con el esquinero Josh Norman, que consiguió cuatro intercepciones, dos de ellas convertidas en touchdown.',
      'Los Panthers cedieron solo 308 puntos en defensa y se sitúan en el sexto lugar de la liga.',
    ]);
    expect(firstId('¿Cuántos balones interceptó Josh Norman?', es)).toBe('4-0');
    expect(firstId('¿CUANTOS PUNTOS CEDIERON LOS PANTHERS?', es)).toBe('4-1');
  });

  it('Chinese: words are found without spaces', () => {
    const zh = page(5, '超级碗 50', [
      '黑豹队的防守只丢了 308分，在联赛中排名第六，同时也以 24 次拦截领先国家橄榄球联盟。',
      '野马队在分区轮以 23–16 击败了匹兹堡钢人队，在比赛的最后三分钟拿下 11 分。',
    ]);
    expect(firstId('黑豹队的防守丢了多少分？', zh)).toBe('5-0');
    expect(firstId('野马队在分区轮击败了哪支球队？', zh)).toBe('5-1');
  });

  it('Japanese and Thai: words are found without spaces', () => {
    const ja = page(6, '東京', [
      '東京は日本の首都で、人口は約1400万人です。',
      '富士山は日本で最も高い山で、標高は3776メートルです。',
    ]);
    expect(firstId('富士山の標高は？', ja)).toBe('6-1');
    const th = page(7, 'กรุงเทพ', ['กรุงเทพมหานครเป็นเมืองหลวงของประเทศไทย', 'แม่น้ำเจ้าพระยาไหลผ่านกลางเมือง']);
    expect(firstId('แม่น้ำอะไรไหลผ่านเมือง', th)).toBe('7-1');
  });
});

describe('a passage with its neighbour', () => {
  const cut = page(8, 'Genghis Khan', [
    'Temüjin married Börte of the Onggirat tribe when he was around 16, to cement alliances between their tribes.',
    'She gave birth to a son, Jochi, nine months later, clouding the issue of his parentage.',
    'The Mongol army was organised in units of ten, a hundred, a thousand and ten thousand men.',
  ]);

  it('is sent as one fragment when the question’s words straddle them', () => {
    const first = selectPassages(
      [...cut, ...museum],
      'What was the name of the son Börte gave birth to after she married Temüjin?',
    ).passages[0]!;
    expect(first.text).toContain('Temüjin married Börte');
    expect(first.text).toContain('Jochi');
    // Still the page's own words in reading order: the verifier and anchoring read them as they are.
    expect(first.text).toBe(`${cut[0]!.text}\n${cut[1]!.text}`);
    expect(first.order).toBe(0);
    // Where the second passage starts, so that a join of quoted spans stays within one of them.
    expect(first.text.slice(first.seams![0])).toBe(cut[1]!.text);
  });

  it('is not brought when one passage holds all the question’s words', () => {
    const first = selectPassages([...cut, ...museum], 'How was the Mongol army organised?').passages[0]!;
    expect(first.id).toBe('8-2');
  });
});

describe('selectPassages', () => {
  it('keeps the user’s selection first even when it shares no word', () => {
    const sel = passage('Selected words here.', { id: 'sel', selection: true, order: -1 });
    const chosen = selectPassages([...tabs, sel], 'When does the museum open?').passages.map((p) => p.id);
    expect(chosen[0]).toBe('sel');
    expect(chosen).toContain('1-0');
  });

  it('stops at the budget and counts the relevant passages left out', () => {
    const many = page(
      9,
      'Towers',
      Array.from(
        { length: 30 },
        (_, i) =>
          `Tower fact number ${i}: the tower is tall and old, built of stone ${i} years ago. ${'Stone upon stone. '.repeat(8)}`,
      ),
    );
    const cost = fragmentTokens(many[0]!);
    const { passages, leftOut, tokens } = selectPassages(many, 'How old is the tower of stone?', cost * 5 + 2);
    expect(passages).toHaveLength(5);
    expect(tokens).toBeLessThanOrEqual(cost * 5 + 2);
    expect(leftOut).toBe(25);
  });

  it('cuts a selection longer than the budget instead of dropping it', () => {
    const long = passage('word '.repeat(5000).trim(), { id: 'sel', selection: true, order: -1 });
    const { passages, tokens } = selectPassages([long, ...museum], 'museum', 1000);
    expect(passages[0]!.id).toBe('sel');
    expect(passages[0]!.text.length).toBeLessThan(long.text.length);
    expect(long.text.startsWith(passages[0]!.text)).toBe(true);
    expect(tokens).toBeLessThanOrEqual(1000);
  });

  it('gives the selection at most its share of the budget, and one selection only', () => {
    const long = passage('word '.repeat(5000).trim(), { id: 'sel', selection: true, order: -1 });
    const second = passage('Another selected text.', { id: 'sel2', selection: true, order: -1 });
    const { passages } = selectPassages([long, second, ...museum], 'When does the museum open?', 4000);
    expect(passages[0]!.id).toBe('sel');
    expect(fragmentTokens(passages[0]!)).toBeLessThanOrEqual(4000 * SELECTION_SHARE);
    expect(passages.map((p) => p.id)).not.toContain('sel2');
    // The pages still get the rest of the budget.
    expect(passages.length).toBeGreaterThan(1);
  });

  it('does not send passages that share only a common word with the question', () => {
    const chosen = selectPassages(tabs, 'When does the museum close on public holidays?').passages.map((p) => p.id);
    expect(chosen).not.toContain('2-1');
  });
});

describe('early abstention', () => {
  // Questions whose answer is not in the pages: none of them may be worth a model call.
  const notHere = [
    'Who won the Super Bowl in 2016?',
    'What is the population of Tokyo?',
    'Quelle heure est-il à Tokyo ?',
    '¿Quién pintó la Mona Lisa?',
    '东京的人口是多少？',
    'What is the name of the capital of the country?',
  ];
  const here = ['When does the museum open?', 'How far is the station?', 'When should I sow tomatoes?', 'Why water deeply?'];
  const pages = [...museum, ...garden];

  it.each(notHere)('abstains without a model call: %s', (q) => {
    const s = selectPassages(pages, q);
    expect(s.abstain).toBe(true);
    expect(s.passages).toEqual([]);
    expect(s.relevance).toBeLessThan(RELEVANCE_THRESHOLD);
  });

  it.each(here)('asks when the pages hold the answer: %s', (q) => {
    const s = selectPassages(pages, q);
    expect(s.abstain).toBe(false);
    expect(s.passages.length).toBeGreaterThan(0);
  });

  it('asks about the user’s selection whatever its words', () => {
    const sel = passage('Lorem ipsum dolor sit amet.', { id: 'sel', selection: true, order: -1 });
    expect(selectPassages([...pages, sel], 'What does this mean?').abstain).toBe(false);
  });
});
