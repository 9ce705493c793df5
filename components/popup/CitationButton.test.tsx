// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { ShownCitation } from '@/lib/shared/run';
import { mount } from '@/tests/support/mount';
import { CitationButton } from './CitationButton';

const pdfCitation: ShownCitation = {
  literal: 'high water at the old harbour is at 11:42 in the morning',
  index: 1,
  passageId: 'p1',
  passageText: 'On the first of April, high water at the old harbour is at 11:42 in the morning.',
  passageOrder: 3,
  tabId: 4,
  windowId: 1,
  frameId: 0,
  url: 'https://port.example/tides.pdf',
  title: 'Harbour Tide Tables',
  site: 'port.example',
  page: 2,
};

describe('CitationButton', () => {
  it('names a PDF’s citation by its title and page, and hands the page on when clicked', () => {
    const onReveal = vi.fn();
    const root = mount(<CitationButton citation={pdfCitation} onReveal={onReveal} />);
    const button = root.querySelector('button')!;
    expect(button.textContent).toBe('Harbour Tide Tables, p. 2 — port.example');
    button.click();
    expect(onReveal).toHaveBeenCalledWith(expect.objectContaining({ page: 2 }));
  });

  it('shows no page for a web page’s citation', () => {
    const { page: _page, ...web } = pdfCitation;
    const root = mount(
      <CitationButton citation={{ ...web, title: 'Tides', url: 'https://port.example/tides' }} onReveal={vi.fn()} />,
    );
    expect(root.querySelector('button')!.textContent).toBe('Tides — port.example');
  });
});
