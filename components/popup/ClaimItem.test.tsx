// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { ShownClaim } from '@/lib/shared/answer/run';
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

const numberOf = () => 1;

describe('ClaimItem', () => {
  it('shows the claim as the model’s words, its quote only as the page’s, behind a numbered marker', () => {
    const root = mount(<ClaimItem claim={claim} numberOf={numberOf} onReveal={vi.fn()} />);
    expect(root.querySelector('.model-words')!.textContent).toBe('The museum is verified to be free.');
    const marker = root.querySelector<HTMLButtonElement>('button.marker')!;
    expect(marker.textContent).toBe('1');
    expect(marker.getAttribute('aria-label')).toBe('1: museum.example — Tickets');
    // The quote is the marker's description, not text beside the claim.
    const description = root.querySelector(`#${CSS.escape(marker.getAttribute('aria-describedby')!)}`)!;
    expect(description.textContent).toBe('“Children under twelve enter for free”');
    expect(root.querySelector('.quote-preview')).toBeNull();
    expect(root.querySelector('.model-words')!.textContent).not.toContain('Children under twelve');
  });

  it('opens the quote under the claim while its marker is hovered or focused, once', async () => {
    const root = mount(<ClaimItem claim={claim} numberOf={numberOf} onReveal={vi.fn()} />);
    const marker = root.querySelector<HTMLButtonElement>('button.marker')!;
    marker.dispatchEvent(new FocusEvent('focus'));
    await vi.waitFor(() => expect(root.querySelector('.quote-preview')).not.toBeNull());
    expect(root.querySelector('.quote-preview blockquote')!.textContent).toBe('“Children under twelve enter for free”');
    expect(root.querySelectorAll('blockquote')).toHaveLength(1);
    marker.dispatchEvent(new FocusEvent('blur'));
    await vi.waitFor(() => expect(root.querySelector('.quote-preview')).toBeNull());
    marker.dispatchEvent(new MouseEvent('mouseenter'));
    await vi.waitFor(() => expect(root.querySelector('.quote-preview')).not.toBeNull());
  });

  it('opens the quote of the citation shown last (the side panel’s current one) without a hover', () => {
    const root = mount(<ClaimItem claim={claim} numberOf={numberOf} onReveal={vi.fn()} current={claim.citations[0]} />);
    expect(root.querySelector('.quote-preview blockquote')!.textContent).toBe('“Children under twelve enter for free”');
    expect(root.querySelector('button.marker')!.getAttribute('aria-current')).toBe('true');
  });

  it('reveals the quote on a click of its marker', () => {
    const onReveal = vi.fn();
    const root = mount(<ClaimItem claim={claim} numberOf={numberOf} onReveal={onReveal} />);
    root.querySelector<HTMLButtonElement>('button.marker')!.click();
    expect(onReveal).toHaveBeenCalledWith(claim.citations[0]);
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
    const byPage = (c: { site: string }) => (c.site === 'city.example' ? 2 : 1);
    const root = mount(
      <ClaimItem claim={{ ...claim, citations: [first, second, other] }} numberOf={byPage} onReveal={vi.fn()} />,
    );
    const markers = [...root.querySelectorAll('button.marker')];
    expect(markers.map((b) => b.getAttribute('aria-label'))).toEqual([
      '1·1: museum.example — Tickets, quote 1 of 2',
      '1·2: museum.example — Tickets, quote 2 of 2',
      '2: city.example — City guide',
    ]);
    expect(markers.map((b) => b.textContent)).toEqual(['1·1', '1·2', '2']);
  });

  it('shows a video’s citation as its moment, named by the video’s title and that moment', () => {
    const video = {
      ...claim.citations[0]!,
      title: 'City budget talk',
      video: { key: 'v', startMs: 151_000, endMs: 155_000 },
    } as ShownClaim['citations'][number];
    const root = mount(<ClaimItem claim={{ ...claim, citations: [video] }} numberOf={numberOf} onReveal={vi.fn()} />);
    const marker = root.querySelector<HTMLButtonElement>('button.marker')!;
    expect(marker.textContent).toBe('2:31');
    expect(marker.getAttribute('aria-label')).toBe('museum.example — City budget talk, 2:31');
  });

  it('marks a claim the second check could not check with a small named mark, and one it doubted with its reason, no boilerplate', () => {
    const root = mount(<ClaimItem claim={{ ...claim, unchecked: true }} numberOf={numberOf} onReveal={vi.fn()} />);
    expect(root.querySelector('[role="img"]')!.getAttribute('aria-label')).toBe('Not checked:');
    expect(root.textContent).not.toMatch(/second check/);
    const doubted = mount(
      <ClaimItem claim={{ ...claim, doubt: 'The quote is about adults.' }} numberOf={numberOf} onReveal={vi.fn()} />,
    );
    expect(doubted.querySelector('.claim-doubt')!.textContent).toBe('Doubtful: The quote is about adults.');
    const plain = mount(<ClaimItem claim={claim} numberOf={numberOf} onReveal={vi.fn()} />);
    expect(plain.querySelector('[role="img"]')).toBeNull();
  });
});
