/**
 * The background's side of a question: read the tabs in scope, run the pipeline, keep every step
 * in storage so that a closed popup loses nothing and a reopened one shows where things are.
 */
import { browser, type Browser } from 'wxt/browser';
import { claudeCall, type CallOptions } from '@/lib/worker/model/claude';
import { ANSWER_REQUEST, JUDGE_REQUEST, NATIVE_ANSWER_REQUEST } from '@/lib/worker/answer/requests';
import { nativePrompt } from '@/lib/worker/model/native-citations';
import { describeError, isTooLarge, KeyOriginError, StorageWriteError } from '@/lib/worker/model/errors';
import { originOf } from '@/lib/shared/api-key';
import { privateFailureEntry } from '@/lib/shared/log-limits';
import type { FailureLogEntry, ShownClaim } from '@/lib/shared/run';
import { serialQueue } from './serial';
import { capText, MAX_TITLE_CHARS, MAX_URL_CHARS } from '@/lib/shared/limits';
import type { AskMessage } from '@/lib/shared/messages';
import { callPage } from '@/lib/worker/read/call-page';
import { answerQuestion } from '@/lib/worker/answer/pipeline';
import { clearHighlights } from '@/lib/worker/reveal/reveal-citation';
import { fragmentBudget } from '@/lib/worker/rank/budget';
import { choosePassages } from '@/lib/worker/rank/choose';
import { searchPassages } from '@/lib/worker/rank/keyless-search';
import { drawnInPages } from '@/lib/worker/read/drawn-pages';
import {
  appendFailure as appendFailureEntry,
  appendRunRecord as appendRunLine,
  lastRunItem,
  loadSettings,
  threadItem,
  type LoadedSettings,
  type RunRecord,
  type RunState,
  type Scope,
} from '@/lib/shared/storage';
import { continuesThread, pageUrl, withTurn, type Thread, type Turn } from '@/lib/shared/thread';
import { unreadableReason } from '@/lib/shared/tabs';
import { addedBy, earlierQuestions, halveThreadPlan, planTurn } from '@/lib/worker/prompt/thread-plan';
import { tabsToRead } from '@/lib/worker/read/tab-scope';
import { prioritySelection } from '@/lib/worker/read/priority-selection';
import { partialTab, passagesOfTab, readTabFrames, tabTotals, type TabRead } from '@/lib/worker/read/frames';
import type { SkippedTab, SourcedPassage } from '@/lib/shared/types';
import { bounded, TimeLimitError } from '@/lib/shared/time-limit';
import { pdfOfTab, viewerPdf, VIEWER_PATH } from '@/lib/worker/pdf/pdf-address';
import { pdfAddressesOfRun } from '@/lib/worker/pdf/allowed-addresses';
import { askedFromIncognito, incognitoPdfReason } from '@/lib/worker/read/incognito';
import { readPdfInOffscreen } from '@/lib/worker/pdf/offscreen-client';
import { pdfTabRead } from '@/lib/worker/pdf/pdf-tab';
import { nothingRead } from '@/lib/worker/read/nothing-read';
import { readAtPace } from '@/lib/worker/read/read-pace';
import { ReadCache } from '@/lib/worker/read/tab-reuse';
import { judgeFor, type Settings } from '@/lib/shared/settings';
import { siteOf } from '@/lib/shared/site';
import { t } from '@/lib/shared/i18n';
import { isLocalKind } from '@/lib/shared/servers';
import { serverPlan, type ServerPlan } from '@/lib/worker/model/server-plan';
import { localFailure } from '@/lib/worker/model/local-errors';

const PAGE_SCRIPT = '/content-scripts/page.js';
/** A PDF is fetched and read by pdf.js in the offscreen document; a huge or slow one still ends. */
const PDF_READ_TIMEOUT_MS = 60_000;

let inFlight: AbortController | null = null;
/** The tabs' readings of the current thread, for its next question (lib/worker/read/tab-reuse.ts). */
const readings = new ReadCache();

// Read-modify-write of the run state, one at a time, so a late stage update never undoes "done".
// A failed write fails its own update only (lib/worker/run/serial.ts): the next question is not stuck.
const serially = serialQueue();
function updateRun(id: string, patch: Partial<RunState>): Promise<void> {
  return serially(async () => {
    const run = await lastRunItem.getValue();
    // A newer question replaced this one: its late results must not overwrite the newer state.
    if (run?.id !== id) return;
    try {
      await lastRunItem.setValue({ ...run, ...patch });
    } catch (err) {
      throw new StorageWriteError(err);
    }
  });
}

/**
 * The logs are on disk (`storage.local`): a question about incognito tabs leaves only what went
 * wrong and when, never its question, quotes or sites. The run state itself is in memory
 * (`storage.session`).
 */
async function runIsPrivate(): Promise<boolean> {
  return (await lastRunItem.getValue().catch(() => null))?.incognito === true;
}
async function appendFailure(entry: FailureLogEntry): Promise<void> {
  await appendFailureEntry((await runIsPrivate()) ? privateFailureEntry(entry) : entry);
}
async function appendRunRecord(record: RunRecord): Promise<void> {
  await appendRunLine((await runIsPrivate()) ? { ...record, sites: [], detail: record.detail?.split(':')[0] } : record);
}

/** A progress report: if it cannot be written, the question goes on without it. */
function reportProgress(id: string, patch: Partial<RunState>): void {
  void updateRun(id, patch).catch(() => {});
}

/**
 * Every frame of the tab the extension may reach (the page, and the frames in it) reads itself.
 * Each step is bounded (lib/worker/read/frames.ts) and Cancel stops it at once. The script goes in as soon as
 * the frame exists (`injectImmediately`), not at `document_idle`, which a document whose response
 * never ends never reaches; the script itself then waits, capped, for the page to settle.
 * A PDF runs no page script: the extension reads the document itself (lib/worker/pdf/pdf-tab.ts).
 */
async function readTab(
  tab: Browser.tabs.Tab,
  signal: AbortSignal,
  run: ReadonlySet<string>,
  cache: ReadCache,
): Promise<TabRead | SkippedTab> {
  const base = {
    tabId: tab.id ?? -1,
    title: capText(tab.title ?? '', MAX_TITLE_CHARS),
    url: capText(tab.url ?? '', MAX_URL_CHARS),
  };
  const readPdf = async (pdf: string): Promise<TabRead | SkippedTab> => {
    // Not fetched with the regular profile's cookies (lib/worker/read/incognito.ts).
    const privatePdf = incognitoPdfReason(tab);
    if (privatePdf) return { ...base, reason: privatePdf };
    try {
      return pdfTabRead(await bounded(readPdfInOffscreen(pdf, run), PDF_READ_TIMEOUT_MS, signal), base);
    } catch (err) {
      if (signal.aborted || !(err instanceof TimeLimitError)) throw err;
      return { ...base, reason: t('pdfReadTimeout', PDF_READ_TIMEOUT_MS / 1000) };
    }
  };
  const shown = viewerPdf(tab);
  if (shown) return readPdf(shown);
  const reason = unreadableReason(tab.url);
  if (reason || tab.discarded) {
    // No page script runs there: its address (or its server) may still say it is a PDF.
    const pdf = await pdfOfTab(tab, signal);
    if (pdf) return readPdf(pdf);
    return { ...base, reason: reason ?? t('tabAsleep') };
  }
  const tabId = tab.id!;
  // Unchanged since the thread's last question: that reading stands (lib/worker/read/tab-reuse.ts).
  const kept = await cache.take(
    tabId,
    tab.url ?? '',
    async (frameId, readId) => (await callPage(tabId, frameId, { type: 'unchanged', readId })).unchanged,
    signal,
  );
  if (kept) return kept;
  const result = await readTabFrames({
    inject: async () =>
      (
        await browser.scripting.executeScript({
          target: { tabId, allFrames: true },
          files: [PAGE_SCRIPT],
          injectImmediately: true,
        })
      ).map((r) => r.frameId),
    injectMain: async () => {
      await browser.scripting.executeScript({ target: { tabId }, files: [PAGE_SCRIPT], injectImmediately: true });
    },
    // Bounded in lib/worker/read/frames.ts, and stopped there by Cancel.
    ask: (frameId) => callPage(tabId, frameId, { type: 'extract' }),
    signal,
  });
  // The one injection that reads a page also says when its document is a PDF, read here instead.
  if (result.ok && result.read.frames[0]?.frameId === 0 && result.read.frames[0].page.isPdf) return readPdf(tab.url!);
  if (result.ok) cache.keep(tabId, tab.url ?? '', result.read);
  if (!result.ok) {
    // No script of ours may run in the tab (Firefox's PDF viewer is such a page): the address or the server may say PDF.
    const pdf = await pdfOfTab(tab, signal, false);
    if (pdf) return readPdf(pdf);
  }
  return result.ok ? result.read : { ...base, reason: result.reason };
}

async function tabsInScope(msg: AskMessage): Promise<Browser.tabs.Tab[]> {
  return tabsToRead(await browser.tabs.query({ windowId: msg.windowId }), msg);
}

/**
 * Model-call options that report to the popup through the run state: the countdown before a
 * retry, and the answer's characters as they stream in (at most a few writes a second).
 */
function progressReporter(id: string, signal: AbortSignal): CallOptions {
  let lastWrite = 0;
  return {
    signal,
    onWait: (ms) => reportProgress(id, { stage: 'waiting', retryAt: Date.now() + ms }),
    onText: (chars) => {
      const now = Date.now();
      if (now - lastWrite < 300) return;
      lastWrite = now;
      reportProgress(id, { stage: 'asking', received: chars });
    },
  };
}

/**
 * The thread a question about `tabs` belongs to: the stored one when it is about the same pages
 * (lib/shared/thread.ts `continuesThread`), else a new one, stored in its place.
 */
async function threadFor(
  msg: AskMessage,
  tabs: Browser.tabs.Tab[],
  incognito: boolean,
): Promise<{ thread: Thread; replaced: boolean }> {
  const pages = tabs.map((t) => ({ tabId: t.id ?? -1, url: pageUrl(t.url ?? ''), title: t.title ?? '' }));
  const stored = await threadItem.getValue();
  if (stored && continuesThread(stored, msg.scope, msg.windowId, pages)) return { thread: stored, replaced: false };
  const thread: Thread = {
    id: crypto.randomUUID(),
    scope: msg.scope,
    windowId: msg.windowId,
    pages,
    startedAt: Date.now(),
    turns: [],
    // Kept out of the history on disk (lib/shared/history.ts).
    ...(incognito ? { incognito: true as const } : {}),
  };
  await threadItem.setValue(thread);
  return { thread, replaced: (stored?.turns.length ?? 0) > 0 };
}

/** A finished question becomes its thread's latest turn, unless the thread was replaced meanwhile ("New question"). */
async function appendTurn(threadId: string | undefined, turn: Turn): Promise<void> {
  const thread = await threadItem.getValue();
  if (!threadId || thread?.id !== threadId) return;
  await threadItem.setValue(withTurn(thread, turn));
}

/** The earlier turns of the run's thread, for the plan of a too-large request asked again. */
async function turnsOf(threadId: string | undefined, runId: string): Promise<Turn[]> {
  const thread = await threadItem.getValue();
  return thread && thread.id === threadId ? thread.turns.filter((t) => t.id !== runId) : [];
}

export async function startAsk(msg: AskMessage): Promise<void> {
  // The last answer's highlights go with it.
  void clearHighlights().catch(() => {});
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  const id = crypto.randomUUID();
  // Known first: whatever fails from here on is logged as an incognito question's failure.
  const incognito = await askedFromIncognito(msg.windowId, (w) => browser.windows.get(w));
  await lastRunItem.setValue({
    id,
    question: msg.question,
    scope: msg.scope,
    status: 'working',
    stage: 'reading',
    startedAt: Date.now(),
    skipped: [],
    ...(incognito ? { incognito } : {}),
  });
  try {
    const settings = keyCleared(await loadSettings());
    const tabs = await tabsInScope(msg);
    // Incognito tabs: nothing of this question is written to disk (see appendFailure).
    const privateRun = incognito || tabs.some((t) => t.incognito);
    if (privateRun && !incognito) await updateRun(id, { incognito: true });
    const { thread, replaced } = await threadFor(msg, tabs, privateRun);
    await updateRun(id, { threadId: thread.id, ...(replaced ? { newThread: 'pages-changed' as const } : {}) });
    const passages: SourcedPassage[] = [];
    const skipped: SkippedTab[] = [];
    const pdfRun = pdfAddressesOfRun(tabs, browser.runtime.getURL(VIEWER_PATH));
    // In parallel, a few at a time (lib/worker/read/read-pace.ts): more at once only makes each slower.
    const cache = readings.forThread(thread.id);
    const results = await readAtPace(tabs, async (tab) => ({
      tab,
      result: await readTab(tab, controller.signal, pdfRun, cache),
    }));
    const partial: SkippedTab[] = [];
    let chars = 0;
    let frames = 0;
    for (const { tab, result } of results) {
      if ('reason' in result) {
        skipped.push(result);
        continue;
      }
      const names = { tabId: tab.id!, windowId: tab.windowId, title: tab.title, active: tab.active, url: tab.url };
      passages.push(...passagesOfTab(result, names));
      const totals = tabTotals(result);
      chars += totals.chars;
      frames += totals.frames;
      const part = partialTab(result, names);
      if (part) partial.push(part);
    }
    controller.signal.throwIfAborted();
    // "Ask Cited Tabs about the selection": the words selected then, first, if the page lost them since.
    const selectedTab = tabs.find((t) => t.id === msg.selection?.tabId && !skipped.some((x) => x.tabId === t.id));
    const remembered = prioritySelection(
      passages,
      msg.selection,
      selectedTab && { windowId: selectedTab.windowId, url: selectedTab.url ?? '', title: selectedTab.title ?? '' },
    );
    if (remembered) passages.unshift(remembered);
    if (passages.length === 0 && skipped.length > 0 && skipped.length === tabs.length) {
      // Nothing was read: say why (lib/worker/read/nothing-read.ts), not "not found in these pages".
      await updateRun(id, { status: 'error', finishedAt: Date.now(), skipped, error: nothingRead(skipped) });
      return;
    }
    // What leads as the user's selection, shown in the popup as such.
    const chosenSelection = passages.find((p) => p.selection);
    await updateRun(id, {
      stage: 'choosing',
      skipped,
      ...(chosenSelection ? { selection: { text: chosenSelection.text, title: chosenSelection.title } } : {}),
    });
    const coverage = { tabs: tabs.length - skipped.length, passages: passages.length, chars, frames, partial };
    // A server on this computer needs no key (lib/shared/servers.ts).
    const server = await serverPlan(settings);
    if (!settings.apiKey && !server.local) {
      // Without a key the extension still helps: the best passages, ranked here, sent nowhere.
      const hits = searchPassages(passages, msg.question);
      const finishedAt = Date.now();
      await updateRun(id, { status: 'done', finishedAt, results: hits, coverage: { ...coverage, sent: 0, leftOut: 0 } });
      await appendTurn(thread.id, {
        id,
        question: msg.question,
        askedAt: finishedAt,
        answeredAt: finishedAt,
        fragments: [],
        restarted: thread.turns.length === 0,
        results: hits,
      });
      return;
    }
    const budget = fragmentBudget(settings.fragmentBudget, msg.question, server.local?.contextTokens);
    // By what the question asks and, for a follow-up, the thread's earlier questions (lib/worker/rank/choose.ts).
    const chosen = choosePassages(passages, msg.question, budget, earlierQuestions(thread.turns));
    const plan: Plan = { ...planTurn(chosen, passages, budget, thread.turns), budget };
    await updateRun(id, { plan, coverage: { ...coverage, sent: plan.passages.length, leftOut: chosen.leftOut } });
    if (settings.reviewBeforeSending && plan.passages.length > 0) {
      // Nothing leaves the machine until the user has seen it: Send or Cancel (`decideReview`).
      await updateRun(id, { status: 'review' });
      return;
    }
    await askWithPlan(id, msg.question, msg.scope, plan, settings, controller.signal, thread.id, server);
  } catch (err) {
    await failRun(id, msg.question, err);
  } finally {
    if (inFlight === controller) inFlight = null;
  }
}

/**
 * The settings, once the key may go to the base URL: the user confirmed its origin (the options
 * page asks when it changes). Otherwise nothing is read or sent, and the popup says why.
 */
function keyCleared(settings: LoadedSettings): Settings {
  const target = originOf(settings.baseURL);
  if (settings.apiKey !== '' && settings.keyOrigin !== target) throw new KeyOriginError(target);
  return settings;
}

type Plan = NonNullable<RunState['plan']>;

/**
 * Claude's part of a question: the pipeline on the plan's fragments, then the outcome kept.
 * A request the API finds too large (token estimates can be wrong for unusual text) is asked
 * again once with the better half of the fragments.
 */
async function askWithPlan(
  id: string,
  question: string,
  scope: Scope,
  plan: Plan,
  settings: Settings,
  signal: AbortSignal,
  threadId: string | undefined,
  server: ServerPlan,
): Promise<void> {
  const { local } = server;
  const judge = judgeFor(settings.judge, scope);
  // A local model may take long to load: its own time limit (a setting), and its own answer path.
  const callOptions = { ...progressReporter(id, signal), ...(local ? { timeoutMs: local.timeoutMs } : {}) };
  const model = { ...settings, answerPath: server.answerPath, ...(local ? { maxTokens: local.maxTokens } : {}) };
  const native = settings.citationMode === 'native' && !(local && isLocalKind(local.kind));
  const askedAt = Date.now();
  const ask = (p: Plan) =>
    answerQuestion(
      {
        question,
        passages: p.passages,
        groups: p.groups,
        ...(p.history ? { history: p.history } : {}),
        minLiteralLength: settings.minQuoteLength,
      },
      {
        ...(native
          ? { callModel: claudeCall(model, NATIVE_ANSWER_REQUEST, callOptions), prompt: nativePrompt }
          : { callModel: claudeCall(model, ANSWER_REQUEST, callOptions) }),
        ...(judge !== 'off'
          ? {
              judge: { call: claudeCall({ ...model, model: settings.judgeModel }, JUDGE_REQUEST, callOptions), policy: judge },
            }
          : {}),
        log: appendFailure,
        now: Date.now,
        // A local model's first word may be tens of seconds away: "Waiting for the model to start…".
        onStage: (stage) => reportProgress(id, { stage: local && stage === 'asking' ? 'starting' : stage, received: 0 }),
        onReplyShape: server.onReplyShape,
        // A quote is shown only once its live page proves it drawn for a reader.
        checkDrawn: drawnInPages(signal),
        // Structured output streams the answer's JSON: each claim is shown once verified. (Native
        // citations come as prose, read whole at the end.)
        ...(settings.citationMode !== 'native' ? { onClaims: (claims: ShownClaim[]) => reportProgress(id, { claims }) } : {}),
      },
    ).catch((err: unknown) => {
      throw (local && localFailure(err, local, p !== plan)) || err;
    });
  let sent = plan;
  const outcome = await ask(plan).catch(async (err: unknown) => {
    if (!isTooLarge(err)) throw err;
    await appendFailure({
      at: Date.now(),
      question,
      sites: [],
      attempts: [],
      outcome: 'error',
      detail: `too-large: asked again with half the budget${local ? ` (context of ${local.contextTokens} tokens)` : ''}`,
    });
    sent = { ...halveThreadPlan(plan, await turnsOf(threadId, id)), budget: plan.budget / 2 };
    await updateRun(id, { plan: sent });
    return ask(sent);
  });
  const answeredAt = Date.now();
  // The claims shown while the answer streamed are all in the outcome.
  await updateRun(id, { status: 'done', finishedAt: answeredAt, outcome, claims: [] });
  await appendTurn(threadId, {
    id,
    question,
    askedAt,
    answeredAt,
    // What this question added to the request: the earlier turns' fragments come first.
    fragments: addedBy(sent),
    restarted: sent.restarted ?? true,
    outcome,
  });
  await appendRunRecord({
    at: Date.now(),
    model: settings.model,
    sites: [...new Set(sent.passages.map((p) => siteOf(p.url)))],
    citations: outcome.checks.citations,
    broken: outcome.checks.broken,
    retried: outcome.retried,
    droppedClaims: outcome.kind === 'answer' ? outcome.droppedClaims : 0,
    ...(outcome.checks.repaired ? { repairs: outcome.checks.repaired } : {}),
    outcome: outcome.kind,
    ...(outcome.kind === 'abstain' ? { detail: outcome.reason } : {}),
  });
}

/** A question that failed: logged (unless the user cancelled it) and shown with its reason. */
async function failRun(id: string, question: string, err: unknown): Promise<void> {
  const error = describeError(err);
  if (error.kind !== 'cancelled') {
    // The logs are diagnostics: if they cannot be written, the user still hears what happened.
    try {
      await appendFailure({
        at: Date.now(),
        question,
        sites: [],
        attempts: [],
        outcome: 'error',
        detail: `${error.kind}: ${error.message}`,
      });
      const { model } = await loadSettings();
      await appendRunRecord({
        at: Date.now(),
        model,
        sites: [],
        citations: 0,
        broken: 0,
        retried: false,
        droppedClaims: 0,
        outcome: 'error',
        detail: error.kind,
      });
    } catch {
      // Nothing more to do here.
    }
  }
  await updateRun(id, { status: 'error', finishedAt: Date.now(), error });
}

/**
 * The user's Send or Cancel on the fragments shown for review. The plan comes from storage, not
 * from memory: a worker stopped while the user read is woken by the message and still sends
 * exactly what was shown. Cancel sends nothing.
 */
export async function decideReview(runId: string, send: boolean): Promise<void> {
  const run = await lastRunItem.getValue();
  if (run?.id !== runId || run.status !== 'review' || !run.plan) return;
  if (!send) {
    await updateRun(runId, {
      status: 'error',
      finishedAt: Date.now(),
      error: { kind: 'cancelled', message: t('cancelledNothingSent') },
    });
    return;
  }
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  await updateRun(runId, { status: 'working', stage: 'asking' });
  try {
    await askWithPlan(
      runId,
      run.question,
      run.scope,
      run.plan,
      keyCleared(await loadSettings()),
      controller.signal,
      run.threadId,
      await serverPlan(await loadSettings()),
    );
  } catch (err) {
    await failRun(runId, run.question, err);
  } finally {
    if (inFlight === controller) inFlight = null;
  }
}

/** Stops the question in flight, if any; the run then ends as "cancelled". */
export function cancelAsk(): boolean {
  if (!inFlight) return false;
  inFlight.abort();
  return true;
}

/**
 * A worker that starts finds no question in flight in memory: if storage says one was, the
 * browser stopped the worker mid-question. Say so, keeping the question.
 */
export async function markInterruptedRun(): Promise<void> {
  const run = await lastRunItem.getValue();
  if (run?.status !== 'working' || inFlight) return;
  await lastRunItem.setValue({
    ...run,
    status: 'error',
    finishedAt: Date.now(),
    error: {
      kind: 'interrupted',
      message: t('workerStopped'),
      action: 'ask-again',
    },
  });
}

/** A click on a citation: lib/worker/reveal/reveal-citation.ts. */
export { revealCitation } from '@/lib/worker/reveal/reveal-citation';
