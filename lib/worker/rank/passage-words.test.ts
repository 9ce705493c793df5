import { describe, expect, it } from 'vitest';
import { passage } from '@/tests/support/passages';
import { rankPassages } from './rank';
import { clearPassageWords, passageWords, passageWordsSize, spelling, warmPassageWords } from './passage-words';

const texts = [
  'The City Museum opens at 9 a.m. and closes at 6 p.m. every day except Monday.',
  'Cornerback Josh Norman had four interceptions, two of which were returned for touchdowns.',
  'La secundaria de Carolina contó con el esquinero Josh Norman, que consiguió cuatro intercepciones.',
  '叶绿体是植物细胞中进行光合作用的细胞器。',
];
const reading = () => texts.map((t, order) => passage(t, { id: `p${order}`, order, tabId: 1 + (order % 2) }));

describe('passageWords', () => {
  it('tokenises each passage once per reading, not once per question', () => {
    clearPassageWords();
    const ps = reading();
    rankPassages(ps, 'When does the museum close?');
    expect(passageWordsSize().passages).toBe(texts.length);
    const words = passageWordsSize().words;
    for (const q of ['How many interceptions did Norman have?', '¿Cuántas intercepciones?', '光合作用']) rankPassages(ps, q);
    // A new reading of the same pages (new objects, same text) reuses them too.
    rankPassages(reading(), 'Josh Norman');
    expect(passageWordsSize()).toEqual({ passages: texts.length, words });
  });

  it('keys by heading and text: the same text under another heading is another passage', () => {
    clearPassageWords();
    passageWords({ text: 'Opening hours', heading: 'Museum' });
    passageWords({ text: 'Opening hours', heading: 'Library' });
    passageWords({ text: 'Opening hours' });
    expect(passageWordsSize().passages).toBe(3);
    const w = passageWords({ text: 'Opening hours', heading: 'Library' });
    expect([...w.seq].map(spelling)).toEqual(['library', 'opening', 'hours']);
  });

  it('ranks the same with a warm cache as with a cold one', () => {
    const ps = reading();
    const ranked = () =>
      ['When does the museum close?', 'Norman interceptions', 'intercepciones de Norman', '光合作用在哪里进行'].map((q) => {
        const r = rankPassages(ps, q);
        return { relevance: r.relevance, units: r.units.map((u) => [u.members.map((m) => m.id), u.score]) };
      });
    clearPassageWords();
    const cold = ranked();
    // Warm, with other passages' words in the vocabulary first.
    clearPassageWords();
    rankPassages([passage('Unrelated words about gardening and tomatoes and frost.')], 'tomatoes');
    expect(ranked()).toEqual(cold);
    expect(ranked()).toEqual(cold);
  });

  it('finds the words of each tab as it is read, and the ranking after the last tab ranks the same and keeps them', () => {
    const ps = reading();
    const question = 'How many interceptions did Josh Norman have?';
    clearPassageWords();
    const cold = rankPassages(ps, question);
    clearPassageWords();
    // Tab by tab, as they come in.
    warmPassageWords(ps.filter((p) => p.tabId === 2));
    warmPassageWords(ps.filter((p) => p.tabId === 1));
    expect(passageWordsSize().passages).toBe(texts.length);
    const words = passageWordsSize().words;
    const warm = rankPassages(ps, question);
    expect(warm.units.map((u) => [u.members.map((m) => m.id), u.score])).toEqual(
      cold.units.map((u) => [u.members.map((m) => m.id), u.score]),
    );
    expect(warm.relevance).toBe(cold.relevance);
    // Nothing tokenised again.
    expect(passageWordsSize()).toEqual({ passages: texts.length, words });
  });
});
