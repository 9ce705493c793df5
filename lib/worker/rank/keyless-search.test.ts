import { describe, expect, it } from 'vitest';
import { passage } from '@/tests/support/passages';
import { containsNormalized } from '@/lib/shared/text/normalize';
import { bestSentence, searchPassages, tooGeneralToSearch } from './keyless-search';

const museum = [
  passage(
    'The City Museum was founded in 1901 by a group of merchants who wanted a place for the city’s collections. It opens at 9 a.m. and closes at 6 p.m. every day except Monday. On public holidays the galleries close an hour earlier.',
    { id: 'hours', order: 0, title: 'City Museum – Opening hours', url: 'https://museum.example/hours' },
  ),
  passage('Adult tickets cost 12 euros. Children under twelve enter for free, and students pay half price with a card.', {
    id: 'tickets',
    order: 1,
    title: 'City Museum – Opening hours',
    url: 'https://museum.example/hours',
  }),
];

describe('bestSentence', () => {
  it('quotes the sentence that answers, word for word', () => {
    const quote = bestSentence(museum[0]!.text, 'At what time does it close every day?');
    expect(quote).toBe('It opens at 9 a.m. and closes at 6 p.m. every day except Monday.');
    expect(museum[0]!.text).toContain(quote);
  });
});

describe('searchPassages', () => {
  it('gives the best passages as citations of their page, quoting their own words', () => {
    const hits = searchPassages(museum, 'How much is a ticket for children?');
    expect(hits[0]!.passageId).toBe('tickets');
    expect(hits[0]!.title).toBe('City Museum – Opening hours');
    expect(hits[0]!.site).toBe('museum.example');
    for (const h of hits) expect(containsNormalized(h.passageText, h.literal)).toBe(true);
  });

  it('gives nothing when no passage is relevant enough', () => {
    expect(searchPassages(museum, 'Who won the Super Bowl in 2016?')).toEqual([]);
  });
});

describe('tooGeneralToSearch', () => {
  it('is true of questions that name nothing to search for: judgement, gist, "what does it say"', () => {
    for (const q of [
      'Is this worth reading?',
      'What are the key points?',
      '¿Vale la pena leerlo?',
      'Was ist hier wichtig?',
      'Est-ce fiable ?',
      'Can I trust this?',
      '这可信吗？',
      'これは読む価値がありますか？',
      'What is written here?',
    ]) {
      expect([q, tooGeneralToSearch(q)]).toEqual([q, true]);
    }
  });

  it('is false of a question that names something, even a summary of one part', () => {
    for (const q of [
      'How much is a ticket for children?',
      'Summarise the ticket prices',
      'Who is Tesla?',
      'IPCC 说错了什么？',
      'What happened in 1901?',
    ]) {
      expect([q, tooGeneralToSearch(q)]).toEqual([q, false]);
    }
  });
});
