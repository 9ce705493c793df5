import { browser, type Browser } from 'wxt/browser';
import { claudeModelCall, claudeNativeModelCall } from './claude';
import { nativePrompt } from './native-citations';
import { describeError } from './errors';
import { highlightOutcomeSchema, pageTextSchema, type RevealMessage, type RevealResult } from './messages';
import type { askMessage } from './messages';
import { answerQuestion } from './pipeline';
import { selectPassages } from './rank';
import { appendFailure, appendRunRecord, lastRunItem, loadSettings, type RunState } from './storage';
import { siteOf } from './fragments';
import { sameDocument, unreadableReason } from './tabs';
import type { PageText, SkippedTab, SourcedPassage } from './types';
import type * as z from 'zod';

/**
 * The background's side of a question: read the tabs in scope, run the pipeline, keep every step
 * in storage so that a closed popup loses nothing and a reopened one shows where things are.
 */

const PAGE_SCRIPT = '/content-scripts/page.js';
const EXTRACT_TIMEOUT_MS = 15_000;

let inFlight: AbortController | null = null;

// Read-modify-write of the run state, one at a time, so a late stage update never undoes "done".
let updates: Promise<void> = Promise.resolve();
function updateRun(id: string, patch: Partial<RunState>): Promise<void> {
  updates = updates.then(async () => {
    const run = await lastRunItem.getValue();
    // A newer question replaced this one: its late results must not overwrite the newer state.
    if (run?.id !== id) return;
    await lastRunItem.setValue({ ...run, ...patch });
  });
  return updates;
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([
    p,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms)),
  ]);
}

async function injectPageScript(tabId: number): Promise<void> {
  await browser.scripting.executeScript({ target: { tabId }, files: [PAGE_SCRIPT] });
}

async function readTab(tab: Browser.tabs.Tab): Promise<PageText | SkippedTab> {
  const base = { tabId: tab.id ?? -1, title: tab.title ?? '', url: tab.url ?? '' };
  const reason = unreadableReason(tab.url);
  if (reason) return { ...base, reason };
  if (tab.discarded) return { ...base, reason: 'The tab is asleep: open it once, then ask again.' };
  try {
    await injectPageScript(tab.id!);
    const reply = await withTimeout(
      browser.tabs.sendMessage(tab.id!, { type: 'extract' }, { frameId: 0 }),
      EXTRACT_TIMEOUT_MS,
      'Reading the page',
    );
    const page = pageTextSchema.safeParse(reply);
    if (!page.success) return { ...base, reason: 'The page sent back something unreadable.' };
    return page.data;
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    return { ...base, reason: `The page could not be read (${text}).` };
  }
}

async function tabsInScope(msg: z.infer<typeof askMessage>): Promise<Browser.tabs.Tab[]> {
  const query = msg.scope === 'tab' ? { active: true, windowId: msg.windowId } : { windowId: msg.windowId };
  return browser.tabs.query(query);
}

export async function startAsk(msg: z.infer<typeof askMessage>): Promise<void> {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  const id = crypto.randomUUID();
  await lastRunItem.setValue({
    id,
    question: msg.question,
    scope: msg.scope,
    status: 'working',
    stage: 'reading',
    startedAt: Date.now(),
    skipped: [],
  });
  try {
    const settings = await loadSettings();
    if (!settings.apiKey) {
      await updateRun(id, {
        status: 'error',
        finishedAt: Date.now(),
        error: { kind: 'no-key', message: 'Set your Anthropic API key in the options first.', action: 'open-options' },
      });
      return;
    }
    const tabs = await tabsInScope(msg);
    const passages: SourcedPassage[] = [];
    const skipped: SkippedTab[] = [];
    const results = await Promise.all(tabs.map(async (tab) => ({ tab, result: await readTab(tab) })));
    for (const { tab, result } of results) {
      if ('reason' in result) {
        skipped.push(result);
        continue;
      }
      const source = { tabId: tab.id!, windowId: tab.windowId, frameId: 0, url: result.url, title: result.title || tab.title || result.url };
      for (const p of result.passages) passages.push({ ...p, ...source });
    }
    controller.signal.throwIfAborted();
    await updateRun(id, { stage: 'choosing', skipped });
    const chosen = selectPassages(passages, msg.question);
    await updateRun(id, {
      coverage: { tabs: tabs.length - skipped.length, passages: passages.length, sent: chosen.passages.length, leftOut: chosen.leftOut },
    });
    const outcome = await answerQuestion(
      { question: msg.question, passages: chosen.passages, minLiteralLength: settings.minQuoteLength },
      {
        ...(settings.citationMode === 'native'
          ? { callModel: claudeNativeModelCall(settings, controller.signal), prompt: nativePrompt }
          : { callModel: claudeModelCall(settings, controller.signal) }),
        log: appendFailure,
        now: Date.now,
        onStage: (stage) => void updateRun(id, { stage }),
      },
    );
    await updateRun(id, { status: 'done', finishedAt: Date.now(), outcome });
    await appendRunRecord({
      at: Date.now(),
      model: settings.model,
      sites: [...new Set(chosen.passages.map((p) => siteOf(p.url)))],
      citations: outcome.checks.citations,
      broken: outcome.checks.broken,
      retried: outcome.retried,
      droppedClaims: outcome.kind === 'answer' ? outcome.droppedClaims : 0,
      outcome: outcome.kind,
      ...(outcome.kind === 'abstain' ? { detail: outcome.reason } : {}),
    });
  } catch (err) {
    const error = describeError(err);
    if (error.kind !== 'cancelled') {
      await appendFailure({ at: Date.now(), question: msg.question, sites: [], attempts: [], outcome: 'error', detail: `${error.kind}: ${error.message}` });
      const { model } = await loadSettings();
      await appendRunRecord({ at: Date.now(), model, sites: [], citations: 0, broken: 0, retried: false, droppedClaims: 0, outcome: 'error', detail: error.kind });
    }
    await updateRun(id, { status: 'error', finishedAt: Date.now(), error });
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
    error: { kind: 'interrupted', message: 'The browser stopped the extension while it was answering. Ask again.', action: 'ask-again' },
  });
}

export async function revealCitation(c: RevealMessage['citation']): Promise<RevealResult> {
  const tab = await browser.tabs.get(c.tabId).catch(() => null);
  if (!tab) return { ok: false, message: 'That tab has been closed.' };
  if (!tab.url || !sameDocument(tab.url, c.url)) {
    return { ok: false, message: 'That tab has moved to another page since the answer.' };
  }
  try {
    await injectPageScript(c.tabId);
    const reply = await browser.tabs.sendMessage(
      c.tabId,
      { type: 'highlight', target: { literal: c.literal, passageText: c.passageText, passageOrder: c.passageOrder } },
      { frameId: c.frameId },
    );
    const outcome = highlightOutcomeSchema.safeParse(reply);
    if (!outcome.success || !outcome.data.ok) {
      return { ok: false, message: 'The quoted words are no longer on the page, so nothing was highlighted.' };
    }
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    return { ok: false, message: `The page could not be reached (${text}).` };
  }
  await browser.tabs.update(c.tabId, { active: true });
  await browser.windows.update(c.windowId, { focused: true });
  return { ok: true };
}
