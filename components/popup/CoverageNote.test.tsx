// @vitest-environment happy-dom
import { render } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { DoneRun } from '@/lib/shared/run-state';
import { CoverageNote } from './CoverageNote';

const checks = { citations: 0, broken: 0 };
const abstain: DoneRun['outcome'] = { kind: 'abstain', reason: 'no-information', retried: false, checks };

function run(over: Partial<DoneRun>): DoneRun {
  return {
    version: 2,
    id: 'r',
    question: 'q',
    scope: 'window',
    status: 'done',
    startedAt: 0,
    finishedAt: 0,
    skipped: [],
    outcome: abstain,
    coverage: { tabs: 2, passages: 40, sent: 12, leftOut: 0, chars: 12345, frames: 3, partial: [] },
    ...over,
  };
}

function mount(state: DoneRun): HTMLElement {
  const root = document.createElement('div');
  document.body.append(root);
  render(<CoverageNote run={state} />, root);
  return root;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('CoverageNote', () => {
  it('says whose captions were read and how long they are, and plainly why a video gave none', () => {
    const base = run({}).coverage!;
    const read = mount(
      run({ coverage: { ...base, videos: { read: 1, durationMs: 12 * 60_000 + 20_000, unread: [] } } }),
    ).textContent!;
    expect(read).toContain('Read the captions of 1 video (12 min).');
    const none = mount(run({ coverage: { ...base, videos: { read: 0, durationMs: 0, unread: ['no-captions'] } } })).textContent!;
    expect(none).toContain('This video has no captions we can read.');
    expect(none).not.toContain('Read the captions');
    const mixed = mount(
      run({
        coverage: {
          ...base,
          videos: { read: 2, durationMs: 90 * 60_000, unread: ['no-captions', 'no-captions', 'empty', 'video-changed'] },
        },
      }),
    ).textContent!;
    expect(mixed).toContain('Read the captions of 2 videos (90 min).');
    expect(mixed).toContain('2 videos have no captions we can read.');
    expect(mixed).toContain("A video's captions came back empty, so nothing of it was read.");
    expect(mixed).toContain('The page moved to another video while it was read, so its captions were not used.');
  });

  it('says what was read: tabs, passages, characters and embedded frames', () => {
    const text = mount(run({})).textContent!;
    expect(text).toContain('Read 2 tabs (40 passages, 12,345 characters, 1 embedded frame); sent 12 to Claude.');
  });

  it('says when passages were kept from Claude because their page does not show them', () => {
    const coverage = { tabs: 1, passages: 30, sent: 10, leftOut: 0, unseen: { hidden: 2, unchecked: 1, cut: 1 } };
    const text = mount(run({ coverage })).textContent!;
    expect(text).toContain('2 passages chosen were not sent: their page does not show them to a reader.');
    expect(text).toContain('1 passage was sent without words its page does not show to a reader.');
    expect(text).toContain('1 passage chosen was not sent: its page could not confirm that it shows it.');
    expect(mount(run({})).textContent).not.toContain('not sent');
  });

  it('tells an abstention that the pages were read in full, when they were', () => {
    expect(mount(run({})).textContent).toContain('The pages were read in full.');
  });

  it('tells an abstention which pages were read only in part, and why', () => {
    const partial = [
      {
        tabId: 4,
        title: 'Server log',
        url: 'https://log.example/',
        reason: 'Only about 42% of the page was read: it is too long to read whole.',
      },
    ];
    const root = mount(run({ coverage: { tabs: 1, passages: 900, sent: 12, leftOut: 3, chars: 2_000_000, frames: 1, partial } }));
    expect(root.textContent).toContain('Not all of the pages could be read in full: the answer may be in what was left out.');
    const details = root.querySelector('details')!;
    expect(details.open).toBe(true);
    expect(details.querySelector('summary')!.textContent).toBe('1 tab was read in part');
    expect(details.textContent).toContain('Server log: Only about 42% of the page was read: it is too long to read whole.');
  });

  it('counts a tab that could not be read at all against reading in full', () => {
    const skipped = [
      {
        tabId: 9,
        title: 'Settings',
        url: 'chrome://settings',
        reason: 'Browser and extension pages cannot be read by extensions.',
      },
    ];
    expect(mount(run({ skipped })).textContent).toContain('Not all of the pages could be read in full');
  });

  it('says nothing about reading in full next to an answer, and keeps older runs readable', () => {
    const answered = run({ outcome: { kind: 'answer', claims: [], droppedClaims: 0, retried: false, checks } });
    expect(mount(answered).textContent).not.toContain('read in full');
    const older = mount(
      run({
        outcome: { kind: 'answer', claims: [], droppedClaims: 0, retried: false, checks },
        coverage: { tabs: 1, passages: 4, sent: 2, leftOut: 0 },
      }),
    );
    expect(older.textContent).toContain('Read 1 tab (4 passages); sent 2 to Claude.');
  });
});
