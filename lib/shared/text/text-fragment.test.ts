import { describe, expect, it } from 'vitest';
import { quoteAsOnPage, textDirective, urlWithTextFragment } from './text-fragment';

describe('quoteAsOnPage', () => {
  it('gives the page its own quote marks, dashes and case back', () => {
    const passage = 'He said \u201cit\u2019s done\u201d \u2014 the  tower\nstands.';
    expect(quoteAsOnPage('HE SAID "it\'s done" - the tower', passage)).toBe(
      'He said \u201cit\u2019s done\u201d \u2014 the tower',
    );
  });

  it('keeps the literal when the passage does not hold it', () => {
    expect(quoteAsOnPage(' some   words ', 'other text')).toBe('some words');
  });
});

describe('textDirective', () => {
  it('encodes the characters that are syntax in a directive', () => {
    expect(textDirective('well-known, tried & true')).toBe('text=well%2Dknown%2C%20tried%20%26%20true');
  });

  it('sends a long quote as its first and last words', () => {
    const quote = 'one two three four five six seven eight nine ten eleven twelve';
    expect(textDirective(quote)).toBe('text=one%20two%20three%20four,nine%20ten%20eleven%20twelve');
  });

  it('cuts text without spaces between words too', () => {
    const quote = '北京是中华人民共和国的首都也是全国的政治中心和文化中心';
    const [start, end] = decodeURIComponent(textDirective(quote).slice(5)).split(',');
    expect(end).toBeDefined();
    expect(quote.startsWith(start!)).toBe(true);
    expect(quote.endsWith(end!)).toBe(true);
    expect(start!.length + end!.length).toBeLessThan(quote.length);
  });

  it('adds the words of the passage around the quote, to pick the cited occurrence', () => {
    const passage = 'Blue team: the match starts at noon. Bring water.';
    expect(textDirective('the match starts at noon', passage)).toBe(
      'text=Blue%20team%3A-,the%20match%20starts%20at%20noon,-.%20Bring%20water',
    );
    expect(textDirective('Blue team', passage)).toBe('text=Blue%20team,-%3A%20the%20match%20starts');
  });
});

describe('urlWithTextFragment', () => {
  it('appends the directive, keeping the page fragment and replacing an old directive', () => {
    const passage = 'The museum opens at 9 a.m. daily.';
    expect(urlWithTextFragment('https://example.org/visit', 'opens at 9 a.m.', passage)).toBe(
      'https://example.org/visit#:~:text=The%20museum-,opens%20at%209%20a.m.,-daily',
    );
    expect(urlWithTextFragment('https://example.org/visit#hours', 'opens at 9 a.m.')).toBe(
      'https://example.org/visit#hours:~:text=opens%20at%209%20a.m.',
    );
    expect(urlWithTextFragment('https://example.org/visit#hours:~:text=old', 'opens at 9 a.m.')).toBe(
      'https://example.org/visit#hours:~:text=opens%20at%209%20a.m.',
    );
  });
});
