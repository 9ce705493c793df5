// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { ShownCitation } from '@/lib/shared/answer/run';
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
  it('names a quote of a video’s captions by its title and the moment it is said, and hands the moment on', () => {
    const { page: _page, ...web } = pdfCitation;
    const talk = { ...web, title: 'Budget talk', video: { key: 'media:0:talk.webm', startMs: 151_400, endMs: 156_000 } };
    const onReveal = vi.fn();
    const root = mount(<CitationButton citation={talk} onReveal={onReveal} />);
    const button = root.querySelector('button')!;
    expect(button.getAttribute('aria-label')).toBe('port.example — Budget talk, 2:31');
    expect(button.textContent).toBe('port.example — Budget talk, 2:31');
    button.click();
    expect(onReveal).toHaveBeenCalledWith(expect.objectContaining({ video: talk.video }));
    const long = mount(
      <CitationButton citation={{ ...talk, video: { ...talk.video, startMs: 3_723_000 } }} onReveal={onReveal} />,
    );
    expect(long.querySelector('button')!.getAttribute('aria-label')).toBe('port.example — Budget talk, 1:02:03');
  });

  it('names a PDF’s citation by its title and page, and hands the page on when clicked', () => {
    const onReveal = vi.fn();
    const root = mount(<CitationButton citation={pdfCitation} onReveal={onReveal} />);
    const button = root.querySelector('button')!;
    expect(button.textContent).toBe('port.example — Harbour Tide Tables, p. 2');
    expect(button.getAttribute('aria-label')).toBe('port.example — Harbour Tide Tables, p. 2');
    button.click();
    expect(onReveal).toHaveBeenCalledWith(expect.objectContaining({ page: 2 }));
  });

  it('says on the chip, and in its name, that a quote is joined from parts of its passage', () => {
    const { page: _page, ...web } = pdfCitation;
    const joined = {
      ...web,
      title: 'Tides',
      literal: 'On the first of April … high water at the old harbour',
      parts: ['On the first of April', 'high water at the old harbour'],
    };
    const button = mount(<CitationButton citation={joined} onReveal={vi.fn()} />).querySelector('button')!;
    expect(button.textContent).toBe('port.example — Tides · joined from 2 parts');
    expect(button.getAttribute('aria-label')).toBe('port.example — Tides, joined from 2 parts');
    // A quote of one span says nothing of the kind.
    const single = mount(<CitationButton citation={{ ...web, title: 'Tides' }} onReveal={vi.fn()} />).querySelector('button')!;
    expect(single.textContent).not.toContain('joined');
  });

  it('shows no page for a web page’s citation', () => {
    const { page: _page, ...web } = pdfCitation;
    const root = mount(
      <CitationButton citation={{ ...web, title: 'Tides', url: 'https://port.example/tides' }} onReveal={vi.fn()} />,
    );
    expect(root.querySelector('button')!.textContent).toBe('port.example — Tides');
  });

  it('shows the site first, in a part of its own that is never shortened; only the title is', () => {
    const root = mount(
      <CitationButton
        citation={{
          ...pdfCitation,
          page: undefined,
          title: 'PayPal: Log in to your account — paypal.com',
          site: 'phish.example',
        }}
        onReveal={vi.fn()}
      />,
    );
    const parts = [...root.querySelector('button')!.children].map((e) => e.className);
    // The favicon, then the site, then the title: a copied title and favicon come after the real site.
    expect(parts.slice(1, 4)).toEqual(['citation-site', 'citation-sep', 'citation-title']);
    expect(root.querySelector('.citation-site')!.textContent).toBe('phish.example');
    expect(root.querySelector('button')!.getAttribute('aria-label')).toBe(
      'phish.example — PayPal: Log in to your account — paypal.com',
    );
  });

  it('names a frame’s passage by the frame’s own site, in a frame on the tab’s page', () => {
    const root = mount(
      <CitationButton
        citation={{
          ...pdfCitation,
          page: undefined,
          frameId: 7,
          url: 'https://ads.example/slot',
          site: 'ads.example',
          title: 'Daily News',
        }}
        onReveal={vi.fn()}
      />,
    );
    const button = root.querySelector('button')!;
    expect(button.textContent).toBe('ads.example — in a frame on Daily News');
    expect(button.getAttribute('aria-label')).toBe('ads.example — in a frame on Daily News');
  });
});
