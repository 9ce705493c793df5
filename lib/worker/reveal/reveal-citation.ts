/**
 * The background's side of a click on a citation (lib/worker/reveal/plan.ts decides, this carries it out):
 * highlight the quote in its tab and bring the tab forward; or say that the words are gone and
 * offer the page as cited; or, when the tab is gone, open the cited URL with a text fragment and
 * highlight the quote once it has loaded. Also clears the highlights when a new question starts.
 */
import { browser } from 'wxt/browser';
import type { RevealResult } from '@/lib/shared/protocol/worker-replies';
import { callPage, callVideo, clearEveryFrame } from '@/lib/worker/read/call-page';
import { t } from '@/lib/shared/core/i18n';
import {
  otherQuotesOnPage,
  planReveal,
  REVEAL_NOTES,
  targetOf,
  type CitationRef,
  type OpenTab,
  type RevealPlan,
  type TabNow,
} from './plan';
import { lastRunItem, revealStateItem, threadItem, type RevealState } from '@/lib/shared/store/storage';
import { outcomeOf } from '@/lib/shared/answer/run-state';
import { answerCiting } from '@/lib/shared/answer/thread';
import type { QuoteTarget } from '@/lib/shared/protocol/quote-requests';
import { revealPdfCitation } from './pdf-citation';
import { highlightIn, sayInPage, type Attempt } from './in-page';
import { showIfOnScreen, type Held } from './on-screen';
import type { ScreenVerdict } from './screen-proof';
import { windowForReopen } from '@/lib/worker/read/incognito';
import { momentUrl, type VideoMoment } from '@/lib/shared/video/video-moment';

const LOAD_TIMEOUT_MS = 20_000;
/** How often a loading tab's status is asked, besides listening to its events. */
const LOAD_POLL_MS = 250;
/** A page opened again may still be drawing its content after `load` (single-page apps). */
const RETRY_DELAYS_MS = [250, 500, 1000, 1500, 2000];
const SETTLE_MS = 8_000;

async function readState(): Promise<RevealState> {
  try {
    return await revealStateItem.getValue();
  } catch {
    return { highlighted: [], reopened: {} };
  }
}

async function updateState(patch: (s: RevealState) => RevealState): Promise<void> {
  try {
    await revealStateItem.setValue(patch(await readState()));
  } catch {
    // Without session storage the extension still works; only the clean-up knows less.
  }
}

const reopenKey = (c: CitationRef) => `${c.tabId} ${c.url.split('#')[0]}`;

/**
 * `showIfOnScreen` for the held quote of tab `tabId`; when the tab had to be brought in front for
 * its picture (which closes the popup) and the words were not seen there, what the click found is
 * said in the page itself (lib/page/find/reveal-note.ts) as well as returned for a screen still open.
 */
async function provenOnScreen(tabId: number, frameId: number, held: Held): Promise<ScreenVerdict> {
  let forward = false;
  const seen = await showIfOnScreen(tabId, frameId, held, () => ((forward = true), bringForward(tabId)));
  if (seen !== 'shown' && forward) await sayInPage(tabId, seen === 'not-shown' ? REVEAL_NOTES.notSeen : REVEAL_NOTES.unconfirmed);
  return seen;
}

async function bringForward(tabId: number): Promise<void> {
  const tab = await browser.tabs.update(tabId, { active: true });
  if (tab?.windowId !== undefined) await browser.windows.update(tab.windowId, { focused: true });
}

/** Resolves true once the tab has loaded a page, false if it is closed or takes too long. */
function waitForLoad(tabId: number): Promise<boolean> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (ok: boolean): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearInterval(poll);
      browser.tabs.onUpdated.removeListener(onUpdated);
      browser.tabs.onRemoved.removeListener(onRemoved);
      resolve(ok);
    };
    // Not the blank document a new tab starts with (the page may have redirected elsewhere).
    const loaded = (status?: string, t?: { url?: string; discarded?: boolean }) =>
      status === 'complete' && !!t?.url && !t.url.startsWith('about:') && !t.discarded;
    const onUpdated = (id: number, info: { status?: string }, tab: { url?: string; discarded?: boolean }) => {
      if (id === tabId && loaded(info.status, tab)) finish(true);
    };
    const onRemoved = (id: number) => {
      if (id === tabId) finish(false);
    };
    const timer = setTimeout(() => finish(false), LOAD_TIMEOUT_MS);
    browser.tabs.onUpdated.addListener(onUpdated);
    browser.tabs.onRemoved.addListener(onRemoved);
    // The events alone are not enough: a listener added while the tab loads can miss its
    // "complete" (Chromium registers it with the browser asynchronously; seen in e2e runs).
    const check = () =>
      browser.tabs.get(tabId).then(
        (t) => loaded(t.status, t) && finish(true),
        () => finish(false),
      );
    const poll = setInterval(() => void check(), LOAD_POLL_MS);
    void check();
  });
}

const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function openAsCited(
  c: CitationRef,
  url: string,
  target: QuoteTarget,
  others: QuoteTarget[],
  incognitoSource: boolean,
): Promise<RevealResult> {
  let tab;
  try {
    tab = await browser.tabs.create({ url, windowId: c.windowId, active: true });
  } catch {
    // The citation's window is gone too: the current one will do, unless the question was about
    // an incognito window, whose page must not open in a regular one (lib/worker/read/incognito.ts).
    if (windowForReopen(c.windowId, false, incognitoSource) === null)
      return { ok: false, message: REVEAL_NOTES.notOpened(t('incognitoWindowGone')) };
    try {
      tab = await browser.tabs.create({ url, active: true });
    } catch (err) {
      return { ok: false, message: REVEAL_NOTES.notOpened(err instanceof Error ? err.message : String(err)) };
    }
  }
  const tabId = tab.id!;
  await updateState((s) => ({ ...s, reopened: { ...s.reopened, [reopenKey(c)]: tabId } }));
  if (!(await waitForLoad(tabId))) return { ok: false, message: REVEAL_NOTES.notOpened(t('detailNotLoaded')) };
  const last = await highlightWhenReady(tabId, 0, target, others);
  if (last.ok) {
    if (last.partial !== undefined) {
      await rememberHighlight(tabId);
      return { ok: false, message: REVEAL_NOTES.partial(last.partial) };
    }
    const seen = await provenOnScreen(tabId, 0, last);
    if (seen !== 'shown') return { ok: false, message: seen === 'not-shown' ? REVEAL_NOTES.notSeen : REVEAL_NOTES.unconfirmed };
    await rememberHighlight(tabId);
    if (tab.windowId !== undefined) await browser.windows.update(tab.windowId, { focused: true }).catch(() => {});
    return { ok: true };
  }
  if (last.gone && last.notSeen) return { ok: false, message: REVEAL_NOTES.notSeen };
  return last.gone
    ? { ok: false, message: REVEAL_NOTES.goneAfterOpening }
    : { ok: false, message: REVEAL_NOTES.unreachable(last.error) };
}

/** Tries again for a few seconds: a page that just loaded may still be drawing its content. */
async function highlightWhenReady(tabId: number, frameId: number, target: QuoteTarget, others: QuoteTarget[]): Promise<Attempt> {
  const deadline = Date.now() + SETTLE_MS;
  for (let i = 0; ; i++) {
    const attempt = await highlightIn(tabId, frameId, target, others);
    if (attempt.ok || (attempt.gone && attempt.unmeasured) || Date.now() >= deadline) return attempt;
    await delay(RETRY_DELAYS_MS[Math.min(i, RETRY_DELAYS_MS.length - 1)]!);
  }
}

async function rememberHighlight(tabId: number): Promise<void> {
  await updateState((s) => (s.highlighted.includes(tabId) ? s : { ...s, highlighted: [...s.highlighted, tabId] }));
}

/**
 * What the citation's frame shows now: the tab's URL for the top frame, the frame's own for a
 * frame (null when the tab or the frame is gone).
 */
async function frameNow(c: CitationRef): Promise<TabNow | null> {
  const tab = await browser.tabs.get(c.tabId).catch(() => null);
  if (!tab || c.frameId === 0) return tab;
  try {
    const [r] = await browser.scripting.executeScript({
      target: { tabId: c.tabId, frameIds: [c.frameId] },
      func: () => location.href,
    });
    return typeof r?.result === 'string' ? { url: r.result } : { url: '' };
  } catch {
    return { url: '' }; // the tab is there, the frame is not: it moved on
  }
}

/** Why the cited moment was not played, in words for the popup. */
const VIDEO_NOTES = {
  'no-video': () => t('revealVideoGone'),
  'other-video': () => t('revealVideoOther'),
  'not-seekable': () => t('revealVideoNotSeekable'),
  'not-shown': () => t('revealVideoNotShown'),
} as const;

/**
 * A quote of a video's captions: the video sought to the quote's cue and the words shown over it
 * (lib/page/video/seek.ts), and, when the page shows a transcript that holds them, highlighted
 * there too (a transcript that does not is no failure: the video is the source).
 */
async function playMoment(
  tabId: number,
  frameId: number,
  c: CitationRef,
  video: VideoMoment,
  target: QuoteTarget,
  others: QuoteTarget[],
): Promise<RevealResult | null> {
  // The transcript's highlight beside the video: painted as the page's code proves it (not held).
  const shown = await highlightIn(tabId, frameId, target, others, false);
  let seek;
  try {
    seek = await callVideo(tabId, frameId, { type: 'video-seek', ...video, words: c.literal });
  } catch (err) {
    return { ok: false, message: REVEAL_NOTES.unreachable(err instanceof Error ? err.message : String(err)), offerOpen: true };
  }
  if (!seek.ok) {
    if (shown.ok) await callPage(tabId, frameId, { type: 'clear-highlight' }).catch(() => {});
    return { ok: false, message: VIDEO_NOTES[seek.reason](), offerOpen: true };
  }
  if (shown.ok) await rememberHighlight(tabId);
  return null;
}

/** A click on a quote of a video's captions: its tab (or the video's address at the moment) and the moment played. */
async function revealVideoCitation(
  c: CitationRef,
  video: VideoMoment,
  plan: RevealPlan,
  target: QuoteTarget,
  others: QuoteTarget[],
): Promise<RevealResult> {
  if (plan.kind === 'open') {
    // The video's own address at the moment (`&t=151s`, `#t=151`) plays it wherever it opens.
    let tab;
    try {
      tab = await browser.tabs.create({ url: momentUrl(c.url, video.startMs), windowId: c.windowId, active: true });
    } catch (err) {
      return { ok: false, message: REVEAL_NOTES.notOpened(err instanceof Error ? err.message : String(err)) };
    }
    if (c.frameId === 0 && tab.id !== undefined && (await waitForLoad(tab.id))) {
      for (let i = 0; i < 4; i++) {
        const played = await playMoment(tab.id, 0, c, video, target, others);
        if (played === null) return { ok: true };
        await delay(RETRY_DELAYS_MS[i]!);
      }
    }
    return { ok: true };
  }
  const played = await playMoment(plan.tabId, plan.frameId, c, video, target, others);
  if (played) return played;
  await bringForward(plan.tabId);
  return { ok: true };
}

/** A click on a citation. */
export async function revealCitation(c: CitationRef, openAsCitedAnyway = false): Promise<RevealResult> {
  // A PDF's quote is shown in the extension's PDF viewer (lib/worker/reveal/pdf-citation.ts).
  if (c.page !== undefined)
    return revealPdfCitation({ ...c, page: c.page }, outcomeOf(await lastRunItem.getValue().catch(() => null)));
  const [state, tab, run, thread, all] = await Promise.all([
    readState(),
    frameNow(c),
    lastRunItem.getValue().catch(() => null),
    threadItem.getValue().catch(() => null),
    browser.tabs.query({}).catch(() => []),
  ]);
  const openTabs: OpenTab[] = all.map((t) => ({ tabId: t.id ?? -1, windowId: t.windowId, url: t.url, discarded: t.discarded }));
  const standInId = state.reopened[reopenKey(c)];
  const standIn =
    standInId === undefined ? undefined : { tabId: standInId, tab: openTabs.find((t) => t.tabId === standInId) ?? null };
  const plan = planReveal(c, tab, { openAsCited: openAsCitedAnyway, reopened: standIn, openTabs });
  const target = targetOf(c);
  // The clicked citation's own answer: the latest, or an earlier one of the thread.
  const others = otherQuotesOnPage(answerCiting(outcomeOf(run), thread, c), c);

  if (c.video) return revealVideoCitation(c, c.video, plan, target, others);

  if (plan.kind === 'open')
    return openAsCited(c, plan.url, target, others, run?.incognito === true || thread?.incognito === true);

  // A tab the browser put to sleep (discarded) has no page to script: wake it first.
  const asleep = (plan.tabId === c.tabId ? tab : openTabs.find((t) => t.tabId === plan.tabId))?.discarded === true;
  if (asleep) {
    // Reloading wakes it, with the popup still open: the tab is brought forward once its quote is
    // highlighted, and a tab that does not wake is said in the popup (bringing it forward first
    // closed the popup, and started a second load that raced the reload).
    await browser.tabs.reload(plan.tabId).catch(() => {});
    if (!(await waitForLoad(plan.tabId)))
      return { ok: false, message: REVEAL_NOTES.notOpened(t('detailNotAwake')), offerOpen: true };
  }
  let attempt = asleep
    ? await highlightWhenReady(plan.tabId, plan.frameId, target, others)
    : await highlightIn(plan.tabId, plan.frameId, target, others);
  if (asleep && !attempt.ok && attempt.gone && attempt.unmeasured) {
    // A tab woken behind the others lays nothing out until it is shown, and what cannot be
    // measured is not proven drawn (lib/shared/seen/seen.ts): brought forward, it is asked again.
    await bringForward(plan.tabId);
    attempt = await highlightWhenReady(plan.tabId, plan.frameId, target, others);
  }
  if (attempt.ok) {
    // Only some of the quote's words are highlighted: said in the popup, which bringing the tab
    // forward would close, so that the highlight never stands for the whole quote.
    if (attempt.partial !== undefined) {
      await rememberHighlight(plan.tabId);
      return { ok: false, message: REVEAL_NOTES.partial(attempt.partial), offerOpen: true };
    }
    // The words on screen, or no highlight: the tab comes in front for its picture (a tab the
    // popup is over is in front already, and the popup stays to say what was not seen).
    const seen = await provenOnScreen(plan.tabId, plan.frameId, attempt);
    if (seen === 'not-shown') return { ok: false, message: REVEAL_NOTES.notSeen, offerOpen: true };
    if (seen === 'unconfirmed') return { ok: false, message: REVEAL_NOTES.unconfirmed, offerOpen: true };
    await rememberHighlight(plan.tabId);
    await bringForward(plan.tabId);
    return { ok: true };
  }
  // Said in the popup, which bringing the tab forward would close.
  if (attempt.gone && attempt.notSeen) return { ok: false, message: REVEAL_NOTES.notSeen, offerOpen: true };
  if (attempt.gone) return { ok: false, message: REVEAL_NOTES.gone, offerOpen: true };
  return { ok: false, message: REVEAL_NOTES.unreachable(attempt.error), offerOpen: true };
}

/**
 * A new question clears the highlights of the last answer: a message to each tab that had one
 * (every frame of it), errors ignored, since a tab may be closed or have moved on. Escape in the
 * side panel clears them too, but keeps the tabs opened as cited: the same answer's citations
 * still go to them.
 */
export async function clearHighlights({ keepReopened = false } = {}): Promise<void> {
  const state = await readState();
  if (state.highlighted.length === 0 && (keepReopened || Object.keys(state.reopened).length === 0)) return;
  await updateState((s) => ({ highlighted: [], reopened: keepReopened ? s.reopened : {} }));
  await Promise.all(state.highlighted.map(clearEveryFrame));
}
