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
});
