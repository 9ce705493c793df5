import { describe, expect, it } from 'vitest';
import { passage } from '@/tests/support/passages';
import { absentFrom, namedIn, namesNothing } from './named';

const english = [
  passage('Nikola Tesla moved to New York in 1884 to work for Edison. He was paid 1,000 dollars a month.', { id: 'a' }),
  passage('The “war of the currents” set alternating current against direct current.', { id: 'b', order: 1 }),
];
const absent = (q: string, pages = english) => absentFrom(namedIn(q), q, pages);

describe('namedIn', () => {
  it('finds nothing to check in questions of judgement and gist, whatever their language', () => {
    for (const q of [
      'Is this worth reading?',
      '¿Vale la pena leerlo?',
      'Was ist hier wichtig?',
      'Lohnt sich die Lektüre?',
      'Was ist das Wichtigste?',
      'Czy warto to przeczytać?',
      'Стоит ли это читать?',
      'Is dit de moeite waard?',
      'Okumaya değer mi?',
    ]) {
      expect([q, namesNothing(namedIn(q))]).toEqual([q, true]);
    }
  });

  it('finds numbers in any digit script, quoted phrases and names inside the sentence', () => {
    expect(namedIn('When did Tesla earn 1,000 dollars?')).toMatchObject({ numbers: ['1000'], names: ['tesla'] });
    expect(namedIn('¿Qué pasó en ١٨٨٤?').numbers).toEqual(['1884']);
    expect(namedIn('What is the “war of the currents”?').phrases).toEqual(['war of the currents']);
    expect(namedIn('Where is it?').names).toEqual([]);
    expect(namedIn('IPCC 说错了什么？').names).toEqual(['ipcc']);
    expect(namedIn('OK, what is this?').names).toEqual([]);
    // Only the capitalised part of a hyphenated word: "generated" names nothing.
    expect(namedIn('Is this AI-generated?').names).toEqual(['ai']);
    expect(namedIn('Who is Jean-Paul?').names).toEqual(['jean', 'paul']);
  });

  it('does not take a German noun for a name, but still a code in capitals', () => {
    expect(namedIn('Lohnt sich die Lektüre?').names).toEqual([]);
    expect(namedIn('Was hat die EU beschlossen?').names).toEqual(['eu']);
  });
});

describe('absentFrom', () => {
  it('lists what the question names that no passage holds', () => {
    expect(absent('When did Tesla meet Westinghouse?')).toEqual(['westinghouse']);
    expect(absent('What happened in 1943?')).toEqual(['1943']);
    expect(absent('What was the “battle of the bulbs”?')).toEqual(['battle of the bulbs']);
  });

  it('counts another form of what the pages hold as held: separators, case, endings', () => {
    expect(absent('Who earned 1000 dollars?')).toEqual([]);
    expect(absent('What did TESLA do?')).toEqual([]);
    expect(absent('Welche Arbeit fand Teslas Freund EDISON?')).toEqual([]);
    expect(absent('What was the War of the Currents?')).toEqual([]);
    expect(absent('What did NikolaTesla build?')).toEqual([]);
  });

  it('takes no evidence from a word that merely is not in the pages', () => {
    expect(absent('Is this worth reading?')).toEqual([]);
    expect(absent('How much is the aquarium?')).toEqual([]);
  });

  it('takes no evidence from a name in a script the pages never use: it may be there in theirs', () => {
    expect(absent('Кто такой Тесла?')).toEqual([]);
  });

  it('takes a run of a caseless script the pages never use, inside a question in theirs, for a name', () => {
    expect(absent('Who is 王小明?')).toEqual(['王小明']);
    // A question written in that script is another language, not a name.
    expect(absent('これは読む価値がありますか？')).toEqual([]);
    expect(absent('值得一读吗？')).toEqual([]);
  });

  it('takes a name joined by a middle dot, or a title in 《》, for a name in Chinese and Japanese', () => {
    const chinese = [passage('尼古拉·特斯拉于1884年移居纽约，为爱迪生工作。', { id: 'zh' })];
    expect(absent('约什·诺曼拦截了多少球？', chinese)).toEqual(['约什·诺曼']);
    expect(absent('尼古拉・特斯拉什么时候去纽约？', chinese)).toEqual([]);
    expect(absent('《战争与和平》是谁写的？', chinese)).toEqual(['战争与和平']);
    expect(absent('这可信吗？', chinese)).toEqual([]);
  });
});
