// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { ShownClaim } from '@/lib/shared/run';
import { mount } from '../../tests/support/mount';
import { ClaimItem } from './ClaimItem';

const claim: ShownClaim = {
  text: 'The museum is verified to be free.',
  citations: [
    {
      literal: 'Children under twelve enter for free',
      index: 1,
      passageId: 'p1',
      passageText: 'Children under twelve enter for free.',
      passageOrder: 0,
      tabId: 3,
      windowId: 1,
      frameId: 0,
      url: 'https://museum.example/tickets',
      title: 'Tickets',
      site: 'museum.example',
    },
  ],
} as ShownClaim;

describe('ClaimItem', () => {
  it('shows the claim as Claude’s words and the quote as the page’s, apart', () => {
    const root = mount(<ClaimItem claim={claim} onReveal={vi.fn()} />);
    expect(root.querySelector('.model-words')!.textContent).toBe('Claude: The museum is verified to be free.');
    const quote = root.querySelector('blockquote.page-words')!;
    expect(quote.textContent).toBe('“Children under twelve enter for free”');
    expect(quote.getAttribute('aria-label')).toBe('The page’s words, checked: Children under twelve enter for free');
    // The claim's wording is nowhere presented as the page's.
    expect(root.querySelector('.model-words blockquote')).toBeNull();
  });

  it('tells apart two quotes of one claim from the same page, each still named by the page’s title', () => {
    const first = claim.citations[0]!;
    const second = { ...first, literal: 'Adults pay twelve euros', passageId: 'p2' };
    const other = {
      ...first,
      literal: 'Open daily',
      url: 'https://city.example/museum',
      title: 'City guide',
      site: 'city.example',
    };
    const root = mount(<ClaimItem claim={{ ...claim, citations: [first, second, other] }} onReveal={vi.fn()} />);
    const names = [...root.querySelectorAll('.citation button')].map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual([
      'museum.example — Tickets, quote 1 of 2',
      'museum.example — Tickets, quote 2 of 2',
      'city.example — City guide',
    ]);
    const shown = [...root.querySelectorAll('.citation button')].map((b) => b.textContent);
    expect(new Set(shown).size).toBe(3);
  });

  it('marks a claim the support check could not check as not checked', () => {
    const root = mount(<ClaimItem claim={{ ...claim, unchecked: true }} onReveal={vi.fn()} />);
    expect(root.querySelector('.unchecked')!.textContent).toMatch(/^Not checked: the second check/);
    const plain = mount(<ClaimItem claim={claim} onReveal={vi.fn()} />);
    expect(plain.querySelector('.unchecked')).toBeNull();
  });
});
