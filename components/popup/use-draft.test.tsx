// @vitest-environment happy-dom
import type { FunctionComponent } from 'preact';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { baseRun, mount } from '@/tests/support/mount';
import type { Draft } from './use-draft';

describe('the question being typed', () => {
  // The storage module reads the extension API when it loads: the fake one is put in place first.
  let startingDraft: typeof import('./use-draft').startingDraft;
  let Box: FunctionComponent<{ last?: string; runLoaded: boolean; onDraft: (d: Draft) => void }>;
  beforeAll(async () => {
    vi.stubGlobal('chrome', fakeBrowser);
    vi.stubGlobal('browser', fakeBrowser);
    const hook = await import('./use-draft');
    startingDraft = hook.startingDraft;
    Box = ({ last, runLoaded, onDraft }) => {
      const draft = hook.useDraft(last, runLoaded);
      onDraft(draft);
      return <p>{draft.loaded ? draft.question : 'loading'}</p>;
    };
  });
  beforeEach(() => fakeBrowser.reset());

  it('empties the box only for a question answered, not one not found or failed', async () => {
    const { answeredQuestion, sameQuestion } = await import('./use-draft');
    const answer = { kind: 'answer' as const, claims: [], sources: [] };
    expect(answeredQuestion({ ...baseRun, outcome: answer } as never)).toBe('When does it close?');
    expect(answeredQuestion({ ...baseRun, outcome: { kind: 'abstain', reason: 'no-information' } } as never)).toBeUndefined();
    expect(answeredQuestion({ ...baseRun, results: [] })).toBeUndefined();
    expect(
      answeredQuestion({ ...baseRun, status: 'error', error: { kind: 'network', message: 'down' } } as never),
    ).toBeUndefined();
    expect(answeredQuestion(null)).toBeUndefined();
    expect(sameQuestion(' When does it close?\n', 'When does it close?')).toBe(true);
    expect(sameQuestion('When does it close on Sundays?', 'When does it close?')).toBe(false);
  });

  it('starts from the draft, else from the last question asked', () => {
    expect(startingDraft({ question: 'Typed', scope: 'tabs', tabIds: [4] }, 'Asked')).toEqual({
      question: 'Typed',
      scope: 'tabs',
      tabIds: [4],
    });
    expect(startingDraft({ question: '', scope: 'window' }, 'Asked')).toEqual({ question: 'Asked', scope: 'window', tabIds: [] });
    expect(startingDraft({ question: '', scope: 'tab' }, undefined).question).toBe('');
  });

  it('waits for the run before it shows anything, then keeps what is typed and chosen', async () => {
    // A window the fake browser does not know: the draft is kept in memory (session storage).
    await fakeBrowser.storage.session.set({ draft: { question: '', scope: 'window' } });
    let draft: Draft | null = null;
    const root = mount(<Box runLoaded={false} onDraft={(d) => (draft = d)} />);
    await new Promise((r) => setTimeout(r, 20));
    expect(root.textContent).toBe('loading');
    root.remove();
    const shown = mount(<Box last="When does it open?" runLoaded onDraft={(d) => (draft = d)} />);
    await vi.waitFor(() => expect(shown.textContent).toBe('When does it open?'));
    expect(draft!.scope).toBe('window');
    draft!.setScope('tabs', [3]);
    await vi.waitFor(async () =>
      expect((await fakeBrowser.storage.session.get('draft')).draft).toEqual({
        question: 'When does it open?',
        scope: 'tabs',
        tabIds: [3],
      }),
    );
    draft!.setQuestion('And on Sundays?');
    await vi.waitFor(async () =>
      expect((await fakeBrowser.storage.session.get('draft')).draft).toMatchObject({
        question: 'And on Sundays?',
        scope: 'tabs',
      }),
    );
    // Shown, not kept: the side panel opened by the context menu for a page.
    draft!.setScope('tab', [], false);
    await vi.waitFor(() => expect(draft!.scope).toBe('tab'));
    expect((await fakeBrowser.storage.session.get('draft')).draft).toMatchObject({ scope: 'tabs' });
  });

  it('empties the box of the question answered, but never of words typed after it was asked, from any render', async () => {
    await fakeBrowser.storage.session.set({ draft: { question: '', scope: 'tab' } });
    let draft: Draft | null = null;
    const shown = mount(<Box last="When does it open?" runLoaded onDraft={(d) => (draft = d)} />);
    await vi.waitFor(() => expect(shown.textContent).toBe('When does it open?'));
    // Asked before this view typed anything (a popup reopened on its answer): emptied.
    expect(draft!.clearAnswered('When does it open?', Date.now())).toBe(true);
    await vi.waitFor(() => expect(shown.textContent).toBe(''));
    // Asked, then a follow-up typed as the answer comes, from the closure of an older render: kept.
    const atAnswer = draft!;
    atAnswer.setQuestion('When does it open?');
    await new Promise((r) => setTimeout(r, 5));
    const askedAt = Date.now();
    await new Promise((r) => setTimeout(r, 5));
    atAnswer.setQuestion('Tell me more about that.');
    expect(atAnswer.clearAnswered('When does it open?', askedAt)).toBe(false);
    await vi.waitFor(() => expect(shown.textContent).toBe('Tell me more about that.'));
    // An older render's scope change keeps the words typed since, too.
    atAnswer.setScope('window');
    await vi.waitFor(() => expect(draft!.scope).toBe('window'));
    expect(shown.textContent).toBe('Tell me more about that.');
    // The very question typed again after it was asked, its answer read late: the user's, kept.
    draft!.setQuestion('When does it open?');
    await vi.waitFor(() => expect(shown.textContent).toBe('When does it open?'));
    expect(draft!.clearAnswered('When does it open?', askedAt)).toBe(false);
    // Typed, then asked: emptied when its answer comes.
    draft!.setQuestion(' When does it open?\n');
    await new Promise((r) => setTimeout(r, 5));
    expect(draft!.clearAnswered('When does it open?', Date.now())).toBe(true);
    await vi.waitFor(() => expect(shown.textContent).toBe(''));
    await vi.waitFor(async () =>
      expect((await fakeBrowser.storage.session.get('draft')).draft).toMatchObject({ question: '', scope: 'window' }),
    );
  });
});
