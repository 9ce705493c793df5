// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { mount } from '@/tests/support/mount';
import type { ShownCitation } from '@/lib/shared/answer/run';
import { revealRequestOf, useReveal, type Revealing } from './use-reveal';
import { escapeClears } from './use-escape-clears';

const callWorker = vi.hoisted(() => vi.fn());
vi.mock('@/lib/shared/protocol/call-worker', () => ({ callWorker }));

const citation: ShownCitation = {
  literal: 'opens at 9 … closes at 6',
  parts: ['opens at 9', 'closes at 6'],
  index: 1,
  passageId: 'p1',
  passageText: 'It opens at 9 and closes at 6.',
  passageOrder: 4,
  tabId: 3,
  windowId: 1,
  frameId: 2,
  url: 'https://museum.example/hours',
  title: 'Hours',
  site: 'museum.example',
};

function Probe({ onReveal }: { onReveal: (r: Revealing) => void }) {
  const revealing = useReveal();
  onReveal(revealing);
  return <p>{revealing.note ? `${revealing.note.message}${revealing.note.retry ? ' [open]' : ''}` : ''}</p>;
}

describe('a click on a citation', () => {
  it('asks the worker for the quote in its tab and frame, without the page title or site', () => {
    expect(revealRequestOf(citation, false)).toEqual({
      type: 'reveal',
      openAsCited: false,
      citation: {
        tabId: 3,
        windowId: 1,
        frameId: 2,
        url: 'https://museum.example/hours',
        literal: 'opens at 9 … closes at 6',
        passageText: 'It opens at 9 and closes at 6.',
        passageOrder: 4,
        parts: ['opens at 9', 'closes at 6'],
      },
    });
    expect(revealRequestOf({ ...citation, parts: undefined, page: 3 }, true).citation).toMatchObject({ page: 3 });
  });

  it('says why nothing was highlighted, offers the page as cited when the worker does, and clears on the next click', async () => {
    let revealing: Revealing | null = null;
    const root = mount(<Probe onReveal={(r) => (revealing = r)} />);
    callWorker.mockResolvedValueOnce({ ok: false, message: 'The quote is no longer on the page.', offerOpen: true });
    await revealing!.reveal(citation);
    await vi.waitFor(() => expect(root.textContent).toBe('The quote is no longer on the page. [open]'));
    callWorker.mockResolvedValueOnce({ ok: true });
    await revealing!.reveal(citation, true);
    await vi.waitFor(() => expect(root.textContent).toBe(''));
    expect(callWorker).toHaveBeenLastCalledWith(expect.objectContaining({ openAsCited: true }));
    callWorker.mockRejectedValueOnce(new Error('The extension was reloaded.'));
    await revealing!.reveal(citation);
    await vi.waitFor(() => expect(root.textContent).toBe('The extension was reloaded.'));
  });

  it('in the side panel, Escape clears the highlights unless a text or choice box has it', () => {
    const esc = { key: 'Escape', defaultPrevented: false };
    expect(escapeClears(esc, { tagName: 'BUTTON' })).toBe(true);
    expect(escapeClears(esc, { tagName: 'INPUT' })).toBe(false);
    expect(escapeClears(esc, { tagName: 'SELECT' })).toBe(false);
    expect(escapeClears({ ...esc, defaultPrevented: true }, null)).toBe(false);
    expect(escapeClears({ ...esc, key: 'Enter' }, null)).toBe(false);
  });
});
