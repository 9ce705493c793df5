// @vitest-environment happy-dom
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FunctionComponent } from 'preact';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { mount } from '@/tests/support/mount';
import { doneRun, errorRun, workingRun, type RunCommon } from '@/lib/shared/answer/run-state';
import type { Outcome } from '@/lib/shared/answer/run';
import type { Revealing } from './use-reveal';

const common: RunCommon = { id: 'r', question: 'When does it open?', scope: 'tab', startedAt: 0, skipped: [] };
const claim = {
  text: 'It opens at 9 a.m.',
  citations: [
    {
      literal: 'The museum opens at 9 a.m.',
      index: 1,
      passageId: 'p1',
      passageText: 'The museum opens at 9 a.m.',
      passageOrder: 0,
      tabId: 3,
      windowId: 1,
      frameId: 0,
      url: 'https://museum.example/hours',
      title: 'Hours',
      site: 'museum.example',
    },
  ],
};
const answer: Outcome = {
  kind: 'answer',
  claims: [claim],
  droppedClaims: 0,
  retried: false,
  checks: { citations: 1, broken: 0 },
};
const revealing: Revealing = { note: null, reveal: vi.fn(), say: vi.fn(), clear: vi.fn() };
const settle = async (root: HTMLElement, until: (root: HTMLElement) => boolean) => {
  await vi.waitFor(() => expect(until(root)).toBe(true));
};

describe('the run as the popup and side panel show it from storage', () => {
  // The storage module reads the extension API when it loads: the fake one is put in place first.
  let store: typeof import('@/lib/shared/store/storage');
  let Shown: FunctionComponent;
  beforeAll(async () => {
    vi.stubGlobal('chrome', fakeBrowser);
    vi.stubGlobal('browser', fakeBrowser);
    store = await import('@/lib/shared/store/storage');
    const { useRun } = await import('./use-run');
    const { RunView } = await import('./RunView');
    Shown = () => {
      const shown = useRun();
      return (
        <RunView
          shown={shown}
          tabs={1}
          apiHost="api.anthropic.com"
          revealing={revealing}
          onReveal={vi.fn()}
          onOpenOptions={vi.fn()}
          onAskAgain={vi.fn()}
          onCancel={vi.fn()}
          onReview={vi.fn()}
        />
      );
    };
  });
  beforeEach(() => fakeBrowser.reset());
  const storeRaw = (value: unknown) => fakeBrowser.storage.session.set({ lastRun: value });

  it('shows the verified answer of a finished run', async () => {
    await store.lastRunItem.setValue(doneRun(common, { finishedAt: 1, outcome: answer }));
    const root = mount(<Shown />);
    await settle(root, (r) => r.querySelector('.answer') !== null);
    expect(root.querySelector('.claims')!.textContent).toContain('It opens at 9 a.m.');
    expect(root.querySelector('[role="alert"]')).toBeNull();
  });

  it('a malformed run is an error in words, and nothing of it is rendered', async () => {
    // Its claims are not a list: read unparsed, the answer would render half, or throw.
    await storeRaw({
      ...doneRun(common, { finishedAt: 1, outcome: answer }),
      outcome: { ...answer, claims: 'It opens at 9 a.m.' },
    });
    const root = mount(<Shown />);
    await settle(root, (r) => r.querySelector('[role="alert"]') !== null);
    expect(root.querySelector('[role="alert"] p')!.textContent).toBe(
      "The last question's state could not be read, so it is not shown. Ask it again.",
    );
    // What helps next, with the question kept.
    expect(root.querySelector('[role="alert"] button')!.textContent).toBe('Try again');
    expect(root.querySelector('.answer')).toBeNull();
    expect(root.textContent).not.toContain('It opens at 9 a.m.');
  });

  it('a run kept by an older version is said to be so', async () => {
    await storeRaw({ id: 'r', question: 'q', scope: 'tab', status: 'working', startedAt: 0, skipped: [] });
    const root = mount(<Shown />);
    await settle(root, (r) => r.querySelector('[role="alert"]') !== null);
    expect(root.textContent).toContain('kept by an older version of Cited Tabs');
    // Not shown as a question in progress either.
    expect(root.querySelector('.progress')).toBeNull();
  });

  it('follows the worker’s writes: progress, then the failure with the claims already shown', async () => {
    const root = mount(<Shown />);
    const working = workingRun(common, { stage: 'asking', claims: [claim] });
    await store.lastRunItem.setValue(working);
    await settle(root, (r) => r.querySelector('.progress') !== null);
    expect(root.textContent).toContain('It opens at 9 a.m.');
    await store.lastRunItem.setValue(
      errorRun(working, { finishedAt: 1, error: { kind: 'network', message: 'The network failed.' }, claims: working.claims }),
    );
    await settle(root, (r) => r.querySelector('[role="alert"]') !== null);
    expect(root.querySelector('.progress')).toBeNull();
    expect(root.querySelector('[role="alert"]')!.textContent).toContain('The network failed.');
    expect(root.textContent).toContain('It opens at 9 a.m.');
  });
});
