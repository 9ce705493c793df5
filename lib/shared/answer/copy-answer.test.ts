import { describe, expect, it } from 'vitest';
import type { Outcome, ShownCitation } from '@/lib/shared/answer/run';
import { answerAsMarkdown, answerAsText, escapeMarkdown } from './copy-answer';
import { hasLiveLink } from '@/lib/shared/text/inert-links';

const hours: ShownCitation = {
  literal: 'the city museum opens at 9 a.m. and closes at 6 p.m.',
  index: 1,
  passageId: 'p1',
  passageText: 'The City Museum opens at 9 a.m. and closes at 6 p.m. every day except Monday.',
  passageOrder: 0,
  tabId: 1,
  windowId: 1,
  frameId: 0,
  url: 'https://museum.example/hours',
  title: 'City Museum – Opening hours',
  site: 'museum.example',
};
const tickets: ShownCitation = {
  ...hours,
  literal: 'Adult tickets cost 12 euros.',
  passageId: 'p2',
  passageText: 'Adult tickets cost 12 euros. Children enter free.',
  url: 'https://museum.example/tickets#prices',
  title: 'City Museum – Tickets',
};
const checks = { citations: 2, broken: 0 };
const answer: Outcome = {
  kind: 'answer',
  claims: [
    { text: 'The museum opens at 9 a.m.', citations: [hours] },
    { text: 'An adult ticket costs 12 euros.', citations: [tickets] },
  ],
  droppedClaims: 0,
  retried: false,
  checks,
};

describe('a quote of a video’s captions', () => {
  const talk: ShownCitation = {
    ...hours,
    literal: 'on repairing the three old bridges',
    passageText: 'The council will spend forty million on repairing the three old bridges.',
    url: 'https://city.example/talk.html#intro',
    title: 'Budget talk',
    site: 'city.example',
    video: { key: 'media:0:talk.webm', startMs: 151_900, endMs: 156_000 },
  };
  const tube: ShownCitation = { ...talk, url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PL1', site: 'www.youtube.com' };
  const outcome = (c: ShownCitation): Outcome => ({ ...answer, claims: [{ text: 'They repair the bridges.', citations: [c] }] });

  it('links to the moment in Markdown: #t= for a page’s video, &t=…s for YouTube, and names it', () => {
    expect(answerAsMarkdown({ question: 'q', outcome: outcome(talk) })).toContain(
      '> — [Budget talk, 2:31](https://city.example/talk.html#t=151) (city.example)',
    );
    expect(answerAsMarkdown({ question: 'q', outcome: outcome(tube) })).toContain(
      '[Budget talk, 2:31](https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=151s) (www.youtube.com)',
    );
  });

  it('links to the moment in plain text too', () => {
    expect(answerAsText({ question: 'q', outcome: outcome(talk) })).toContain(
      '— Budget talk, 2:31, https://city.example/talk.html#t=151',
    );
  });
});

describe('answerAsMarkdown', () => {
  const md = answerAsMarkdown({ question: 'When does it open, and what does it cost?', outcome: answer });

  it('gives each claim, then its quote as a blockquote in the page’s own words, then its source', () => {
    expect(md).toContain(
      [
        'The museum opens at 9 a.m.',
        '',
        '> The City Museum opens at 9 a.m. and closes at 6 p.m.',
        '>',
        '> — [City Museum – Opening hours](https://museum.example/hours#:~:text=The%20City%20Museum%20opens,closes%20at%206%20p.m.,-every%20day%20except) (museum.example)',
      ].join('\n'),
    );
    expect(md.indexOf('The museum opens')).toBeLessThan(md.indexOf('An adult ticket'));
  });

  it('links each source with a text fragment of its quote, keeping the page’s own fragment', () => {
    const links = [...md.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]);
    expect(links).toEqual([
      expect.stringContaining('https://museum.example/hours#:~:text='),
      'https://museum.example/tickets#prices:~:text=Adult%20tickets%20cost%2012%20euros.,-Children%20enter%20free',
    ]);
  });

  it('starts with the question and says how the quotes were checked', () => {
    expect(md.startsWith('**When does it open, and what does it cost?**\n')).toBe(true);
    expect(md.trimEnd().endsWith('*Quotes checked word for word against the pages by Cited Tabs.*')).toBe(true);
  });

  it('keeps page text as text: a title cannot forge a link, markup or a heading', () => {
    const evil: ShownCitation = { ...tickets, title: 'Prices](javascript:alert(1)) <img src=x> **bold**' };
    const out = answerAsMarkdown({
      question: '# Heading?',
      outcome: { ...answer, claims: [{ text: '- not a list', citations: [evil] }] },
    });
    expect(out).toContain(
      '[Prices\\](javascript:alert(1)) \\<img src=x\\> \\*\\*bold\\*\\*](https://museum.example/tickets#prices',
    );
    expect(out).toContain('**\\# Heading?**');
    expect(out).toContain('\n\\- not a list\n');
    // Only one unescaped "](" per source: the real link.
    expect(out.match(/(?<!\\)\]\(/g)).toHaveLength(1);
  });

  it('links only web pages and files: any other address is named, not linked', () => {
    const odd: ShownCitation = { ...tickets, url: 'javascript:alert(1)' };
    const out = answerAsMarkdown({ question: 'q', outcome: { ...answer, claims: [{ text: 'x', citations: [odd] }] } });
    expect(out).not.toContain('](');
    expect(out).toContain('> — City Museum – Tickets (museum.example)');
  });

  it('encodes parentheses and spaces in a URL so the link does not end early', () => {
    const paren: ShownCitation = { ...tickets, url: 'https://en.example/wiki/Mercury_(planet)' };
    const out = answerAsMarkdown({ question: 'q', outcome: { ...answer, claims: [{ text: 'x', citations: [paren] }] } });
    expect(out).toContain('](https://en.example/wiki/Mercury_%28planet%29#:~:text=');
  });

  it('copies "not found" as the answer it is', () => {
    const out = answerAsMarkdown({
      question: 'Is it open on Mars?',
      outcome: { kind: 'abstain', reason: 'no-information', retried: false, checks },
    });
    expect(out).toContain('Not found in these pages.');
    expect(out).not.toContain('>');
  });
});

describe('answerAsText', () => {
  it('numbers the claims, quotes each source in the page’s words and gives its link with the text fragment', () => {
    const text = answerAsText({ question: 'When does it open?', outcome: answer });
    expect(text).toBe(
      [
        'When does it open?',
        '',
        '1. The museum opens at 9 a.m.',
        '   “The City Museum opens at 9 a.m. and closes at 6 p.m.”',
        '   — City Museum – Opening hours, https://museum.example/hours#:~:text=The%20City%20Museum%20opens,closes%20at%206%20p.m.,-every%20day%20except',
        '',
        '2. An adult ticket costs 12 euros.',
        '   “Adult tickets cost 12 euros.”',
        '   — City Museum – Tickets, https://museum.example/tickets#prices:~:text=Adult%20tickets%20cost%2012%20euros.,-Children%20enter%20free',
        '',
        'Quotes checked word for word against the pages by Cited Tabs.',
        '',
      ].join('\n'),
    );
  });
});

describe('no live bait in a copy', () => {
  // Claude's words can be steered by a page; a quote or a title is the page's own.
  const bait: Outcome = {
    ...answer,
    claims: [
      {
        text: 'For a refund, log in at https://refunds-museum.com/login or write to help@refunds-museum.com.',
        citations: [{ ...hours, title: 'Refunds at www.refunds-museum.com' }],
      },
    ],
  };
  const question = 'Is secure-login.net the museum’s site?';
  const liveLinks = (s: string) => hasLiveLink(s.replace(/https:\/\/museum\.example\/hours#:~:text=[^\s)]+/g, ''));

  it('Copy as Markdown: only the source link is a link; the addresses in the words are inert', () => {
    const md = answerAsMarkdown({ question, outcome: bait });
    expect(md).toContain('log in at hxxps://refunds-museum\\[.\\]com/login or write to help\\[at\\]refunds-museum\\[.\\]com.');
    expect(md).toContain('**Is secure-login\\[.\\]net the museum’s site?**');
    expect(md).toContain('[Refunds at www\\[.\\]refunds-museum\\[.\\]com](https://museum.example/hours#:~:text=');
    expect(liveLinks(md)).toBe(false);
    expect(hasLiveLink(md)).toBe(true); // the source link itself
  });

  it('Copy as text: the same, inert and still readable', () => {
    const text = answerAsText({ question, outcome: bait });
    expect(text).toContain(
      '1. For a refund, log in at hxxps://refunds-museum[.]com/login or write to help[at]refunds-museum[.]com.',
    );
    expect(text).toContain('   — Refunds at www[.]refunds-museum[.]com, https://museum.example/hours#:~:text=');
    expect(liveLinks(text)).toBe(false);
  });
});

describe('escapeMarkdown', () => {
  it('leaves ordinary prose readable', () => {
    expect(escapeMarkdown('It opens at 9 a.m. (except Mondays) - see below!')).toBe(
      'It opens at 9 a.m. (except Mondays) - see below!',
    );
  });
  it('escapes a numbered-list start and an HTML entity', () => {
    expect(escapeMarkdown('1. first &amp; second')).toBe('1\\. first \\&amp; second');
  });
});
