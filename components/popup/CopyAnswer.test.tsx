// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { Outcome } from '@/lib/shared/answer/run';
import { mount } from '../../tests/support/mount';
import { CopyAnswer } from './CopyAnswer';

const outcome: Outcome = {
  kind: 'answer',
  claims: [
    {
      text: 'Adults pay 12 euros.',
      citations: [
        {
          literal: 'Adult tickets cost 12 euros.',
          index: 1,
          passageId: 'p',
          passageText: 'Adult tickets cost 12 euros.',
          passageOrder: 0,
          tabId: 1,
          windowId: 1,
          frameId: 0,
          url: 'https://museum.example/tickets',
          title: 'Tickets',
          site: 'museum.example',
        },
      ],
    },
  ],
  droppedClaims: 0,
  retried: false,
  checks: { citations: 1, broken: 0 },
};

const byName = (root: HTMLElement, name: string) => [...root.querySelectorAll('button')].find((b) => b.textContent === name)!;
// The answer's text is written by a module the buttons load (lazily): wait until it has.
const settle = async () => {
  await vi.waitFor(() => import('@/lib/shared/answer/copy-answer'));
  await new Promise((r) => setTimeout(r, 0));
};

describe('CopyAnswer', () => {
  it('copies the Markdown with the quote and its text-fragment link, and says so', async () => {
    const write = vi.fn((_text: string) => Promise.resolve());
    const root = mount(<CopyAnswer question="What does it cost?" outcome={outcome} write={write} />);
    byName(root, 'Copy as Markdown').click();
    await settle();
    const copied = write.mock.calls[0]![0];
    expect(copied).toContain('> Adult tickets cost 12 euros.');
    expect(copied).toContain('](https://museum.example/tickets#:~:text=Adult%20tickets%20cost%2012%20euros.)');
    expect(root.querySelector('[role="status"]')!.textContent).toBe('Copied as Markdown, with a link to each quote.');
  });

  it('copies plain text', async () => {
    const write = vi.fn((_text: string) => Promise.resolve());
    const root = mount(<CopyAnswer question="What does it cost?" outcome={outcome} write={write} />);
    byName(root, 'Copy as text').click();
    await settle();
    expect(write.mock.calls[0]![0]).toContain('1. Adults pay 12 euros.\n   “Adult tickets cost 12 euros.”');
  });

  it('says what to do when the clipboard refuses', async () => {
    const root = mount(<CopyAnswer question="q" outcome={outcome} write={() => Promise.reject(new Error('denied'))} />);
    byName(root, 'Copy as text').click();
    await settle();
    expect(root.querySelector('[role="status"]')!.textContent).toMatch(/refused the copy/);
  });
});
