// @vitest-environment happy-dom
/**
 * Words from pages, models and the user run in their own direction in every screen: each sits in
 * an element that isolates it (`<bdi>`, or `dir="auto"`), holding those words and none of the
 * screen's, so an Arabic title in an English screen, or an English one in an Arabic screen, keeps
 * its own order and leaves the sentence around it alone. The arrows of Previous, Next and Back are
 * drawn and mirrored right to left; a marker's number stays a number ("1·2", not "2·1").
 */
import { describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '@/lib/shared/store/history';
import type { Thread } from '@/lib/shared/answer/thread';
import type { ShownCitation, ShownClaim } from '@/lib/shared/answer/run';
import type { DoneRun } from '@/lib/shared/answer/run-state';
import { slot, splitSlots, t } from '@/lib/shared/core/i18n';
import { baseRun, mount } from '@/tests/support/mount';
import { CitationButton } from './CitationButton';
import { CitationStepper } from './CitationStepper';
import { ClaimItem } from './ClaimItem';
import { Conversation } from './Conversation';
import { CoverageNote } from './CoverageNote';
import { HistoryList } from './HistoryList';
import { HistoryThread } from './HistoryThread';
import { Isolated } from './Isolated';
import { QuotePreview } from './QuotePreview';
import { SearchResults } from './SearchResults';
import { SelectionNote } from './SelectionNote';
import { SourceItem } from './SourceItem';
import { TabChooser } from './TabChooser';

const ARABIC_TITLE = 'متحف المدينة – التذاكر';
const ARABIC_QUOTE = 'يفتح المتحف أبوابه في الساعة العاشرة صباحاً';
const ENGLISH_TITLE = 'City Museum – Opening hours (2026)';

const citation = (title: string, over: Partial<ShownCitation> = {}): ShownCitation => ({
  literal: ARABIC_QUOTE,
  index: 1,
  passageId: title,
  passageText: ARABIC_QUOTE,
  passageOrder: 0,
  tabId: 1,
  windowId: 1,
  frameId: 0,
  url: 'https://museum.example/',
  title,
  site: 'museum.example',
  ...over,
});

/**
 * The element that isolates `words` from the screen's own: the nearest `<bdi>` or element with a
 * `dir` around the text that holds them, with its direction ("auto" for a `<bdi>` without one).
 */
function isolation(root: Element, words: string): { dir: string; text: string } | null {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    // Shown words only: a hidden description is heard through its owner's name, not read in place.
    if (!(n.textContent ?? '').includes(words) || n.parentElement?.closest('[hidden]')) continue;
    for (let el = n.parentElement; el && el !== root; el = el.parentElement) {
      if (el.tagName === 'BDI' || el.hasAttribute('dir')) {
        return { dir: el.getAttribute('dir') ?? 'auto', text: el.textContent ?? '' };
      }
    }
    return null;
  }
  throw new Error(`"${words}" is not shown`);
}

/** `words` are shown isolated, in their own direction, and the isolating element holds nothing of the screen's. */
function expectIsolated(root: Element, words: string, text = words) {
  expect(isolation(root, words)).toEqual({ dir: 'auto', text });
}

describe('words from elsewhere keep their own direction', () => {
  it('splitSlots cuts a message at its slots, and Isolated puts the words there, each in a <bdi>', () => {
    expect(splitSlots(`Quote 1 of 2: ${slot(0)}`)).toEqual(['Quote 1 of 2: ', 0]);
    expect(splitSlots(`${slot(1)} and ${slot(0)}.`)).toEqual([1, ' and ', 0, '.']);
    const root = mount(<Isolated message={t('stepperAt', 1, 2, slot(0))} words={[ARABIC_TITLE]} />);
    expect(root.textContent).toBe(`Quote 1 of 2: ${ARABIC_TITLE}`);
    expectIsolated(root, ARABIC_TITLE);
  });

  it('a citation chip: the site and the title, each on its own', () => {
    const root = mount(<CitationButton citation={citation(ARABIC_TITLE)} onReveal={vi.fn()} />);
    expectIsolated(root, ARABIC_TITLE);
    expectIsolated(root, 'museum.example');
    // The name is unchanged: site — title.
    expect(root.querySelector('button')!.getAttribute('aria-label')).toBe(`museum.example — ${ARABIC_TITLE}`);
  });

  it('a claim, its marker and its quote: the model’s words and the page’s each in their own direction, the marker’s number left to right', () => {
    const cites = [citation(ENGLISH_TITLE), citation(ENGLISH_TITLE, { literal: 'the museum opens at ten', passageId: 'b' })];
    const claim: ShownClaim = { text: 'يفتح المتحف في العاشرة', citations: cites, doubt: 'The quote says “ten”, not “10”.' };
    const root = mount(<ClaimItem claim={claim} numberOf={() => 1} onReveal={vi.fn()} current={cites[0]} />);
    expectIsolated(root, claim.text);
    expectIsolated(root, claim.doubt!);
    // The open quote, and its source under it.
    expectIsolated(root, ARABIC_QUOTE, `“${ARABIC_QUOTE}”`);
    expectIsolated(root.querySelector('figcaption')!, ENGLISH_TITLE);
    const markers = [...root.querySelectorAll('button.marker')];
    expect(markers.map((m) => m.textContent)).toEqual(['1·1', '1·2']);
    expect(markers.map((m) => m.getAttribute('dir'))).toEqual(['ltr', 'ltr']);
  });

  it('the quote preview alone, and the sources under the answer', () => {
    const preview = mount(<QuotePreview citation={citation(ENGLISH_TITLE)} />);
    expectIsolated(preview, ENGLISH_TITLE);
    expectIsolated(preview, 'museum.example');
    const source = mount(
      <ul>
        <SourceItem source={{ n: 1, citation: citation(ARABIC_TITLE), quotes: 1 }} />
      </ul>,
    );
    expectIsolated(source, ARABIC_TITLE);
    expectIsolated(source, 'museum.example');
  });

  it('the side panel’s stepper: the title isolated, the arrows drawn and mirrored right to left', () => {
    const steps = [citation(ARABIC_TITLE), citation(ENGLISH_TITLE)];
    const root = mount(<CitationStepper steps={steps} current={0} onStep={vi.fn()} />);
    expect(root.querySelector('.stepper-status')!.textContent).toBe(`Quote 1 of 2: ${ARABIC_TITLE}`);
    expectIsolated(root.querySelector('.stepper-status')!, ARABIC_TITLE);
    const arrows = [...root.querySelectorAll('button svg')];
    expect(arrows).toHaveLength(2);
    for (const arrow of arrows) {
      expect(arrow.getAttribute('aria-hidden')).toBe('true');
      expect(arrow.classList.contains('flip-rtl')).toBe(true);
    }
  });

  it('the history: each question, and each site of the line under it', () => {
    const entry: HistoryEntry = {
      id: 'h',
      scope: 'window',
      pages: [
        { tabId: 1, url: 'https://museum.example/x', title: ARABIC_TITLE },
        { tabId: 2, url: 'https://xn--mgbh0fb.example/y', title: 'مثال' },
      ],
      startedAt: 1000,
      updatedAt: 1000,
      turns: [
        {
          id: 't',
          question: 'متى يفتح المتحف؟',
          askedAt: 1000,
          answeredAt: 1000,
          outcome: { kind: 'abstain', reason: 'no-information', retried: false, checks: { citations: 0, broken: 0 } },
        },
      ],
    };
    const list = mount(<HistoryList entries={[entry]} onOpen={vi.fn()} onDelete={vi.fn()} onDeleteAll={vi.fn()} />);
    expectIsolated(list.querySelector('.history-open')!, 'متى يفتح المتحف؟');
    const line = list.querySelector('.history-entry .note')!;
    expect(line.textContent).toMatch(/ · 1 question · museum\.example, xn--mgbh0fb\.example$/);
    expectIsolated(line, 'museum.example');
    expectIsolated(line, 'xn--mgbh0fb.example');
    const thread = mount(<HistoryThread entry={entry} onReveal={vi.fn()} onBack={vi.fn()} />);
    expectIsolated(thread.querySelector('h2')!, 'متى يفتح المتحف؟');
    const back = thread.querySelector('button.back')!;
    expect(back.textContent).toBe('Back to history');
    expect(back.querySelector('svg')!.classList.contains('flip-rtl')).toBe(true);
  });

  it('the coverage line: the titles of the tabs read in part or not at all', () => {
    const run: DoneRun = {
      ...baseRun,
      outcome: { kind: 'abstain', reason: 'no-information', retried: false, checks: { citations: 0, broken: 0 } },
      coverage: {
        tabs: 2,
        passages: 4,
        sent: 2,
        leftOut: 0,
        partial: [{ tabId: 1, title: ARABIC_TITLE, url: 'https://museum.example/', reason: 'Only part was read.' }],
      },
      skipped: [{ tabId: 2, title: ENGLISH_TITLE, url: 'https://museum.example/2', reason: 'Not read.' }],
    };
    const root = mount(<CoverageNote run={run} />);
    expectIsolated(root, ARABIC_TITLE);
    expectIsolated(root, ENGLISH_TITLE);
  });

  it('the tabs to choose, the search results and the selection sent', () => {
    const tabs = mount(
      <TabChooser
        tabs={[{ id: 1, title: ARABIC_TITLE, url: 'https://museum.example/', windowId: 1 } as never]}
        chosen={[1]}
        onChosen={vi.fn()}
      />,
    );
    expectIsolated(tabs, ARABIC_TITLE);
    const results = mount(<SearchResults run={{ ...baseRun, results: [citation(ENGLISH_TITLE)] }} onReveal={vi.fn()} />);
    expectIsolated(results.querySelector('blockquote')!.parentElement!, ARABIC_QUOTE);
    expectIsolated(results.querySelector('.chip')!, ENGLISH_TITLE);
    const selection = mount(<SelectionNote selection={{ text: ARABIC_QUOTE, title: ENGLISH_TITLE }} />);
    expectIsolated(selection.querySelector('.note')!, ENGLISH_TITLE);
    expectIsolated(selection, ARABIC_QUOTE);
  });

  it('the conversation: the question asked, and the title of the page an earlier thread is about', () => {
    const thread: Thread = {
      id: 'th',
      scope: 'tab',
      windowId: 1,
      pages: [{ tabId: 1, url: 'https://museum.example/', title: ARABIC_TITLE }],
      startedAt: 0,
      turns: [],
    };
    const root = mount(
      <Conversation
        run={{ ...baseRun, question: 'When does the museum open?' }}
        thread={thread}
        earlier={[]}
        elsewhere
        scope="tab"
        onReveal={vi.fn()}
        empty={null}
      >
        {null}
      </Conversation>,
    );
    expectIsolated(root.querySelector('.latest-question')!, 'When does the museum open?');
    expectIsolated(root.querySelector('.note')!, ARABIC_TITLE);
  });
});
