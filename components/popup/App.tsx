/**
 * The question-and-answer app, shown in the toolbar popup and in the side panel (one app, the
 * same accessible names): ask, follow progress, read the verified answer, jump to its quotes.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Announcer } from '@/components/popup/Announcer';
import { AnswerView } from '@/components/popup/AnswerView';
import { ArrivingAnswer } from '@/components/popup/ArrivingAnswer';
import { AccessNote } from '@/components/popup/AccessNote';
import { AskForm } from '@/components/popup/AskForm';
import { ErrorNote } from '@/components/popup/ErrorNote';
import { NoKeyNote } from '@/components/popup/NoKeyNote';
import { RevealNote } from '@/components/popup/RevealNote';
import { ReviewPanel } from '@/components/popup/ReviewPanel';
import { RunProgress } from '@/components/popup/RunProgress';
import { SearchResults } from '@/components/popup/SearchResults';
import { CitationStepper } from '@/components/popup/CitationStepper';
import { HistoryView } from '@/components/popup/HistoryView';
import { OpenInPanelButton } from '@/components/popup/OpenInPanelButton';
import { TabChooser } from '@/components/popup/TabChooser';
import { useWindowTabs } from '@/components/popup/use-window-tabs';
import { useTabGrants } from '@/components/popup/use-tab-grants';
import { FaviconContext } from '@/components/popup/favicons';
import { usePanelIntent } from '@/components/popup/use-panel-intent';
import { PendingSelectionNote } from '@/components/popup/PendingSelectionNote';
import { SelectionNote } from '@/components/popup/SelectionNote';
import { useCitationSteps } from '@/components/popup/use-citation-steps';
import { ThreadView } from '@/components/popup/ThreadView';
import { useAnnouncement } from '@/components/popup/use-announcement';
import { callWorker } from '@/lib/shared/call-worker';
import type { ShownCitation } from '@/lib/shared/run';
import { hasSidePanel } from '@/lib/shared/side-panel';
import { citationSteps } from '@/lib/shared/citation-steps';
import { accessNeeded, confirmedNeed, type AccessNeed } from '@/lib/shared/site-access';
import { hasGrant, tabsNotGiven } from '@/lib/shared/tab-grants';
import { requestForQuestion } from '@/lib/shared/waiting-question';
import {
  draftStoreFor,
  lastRunItem,
  loadSettings,
  waitingQuestionItem,
  settingsItem,
  startNewThread,
  threadItem,
  type RunState,
  type Scope,
} from '@/lib/shared/storage';
import { continuesThread, pageUrl, type Thread, type ThreadPage } from '@/lib/shared/thread';
import { isLocalServer } from '@/lib/shared/servers';
import { t } from '@/lib/shared/i18n';

const openOptions = () => void browser.runtime.openOptionsPage();
// Where the keyboard goes when the control it was on goes away (Cancel, Ask again, New question).
const focusQuestion = () => document.getElementById('question')?.focus();
const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

export interface AppProps {
  /**
   * Where the app runs: the toolbar popup, which closes when a citation switches tabs, or the
   * side panel, which stays beside the page and steps through the answer's quotes.
   */
  surface: 'popup' | 'panel';
}

/** The popup and the side panel: ask, follow progress, read the verified answer, jump to a quote. */
export function App({ surface }: AppProps) {
  const [loaded, setLoaded] = useState(false);
  const [hasKey, setHasKey] = useState(false);
  const [question, setQuestion] = useState('');
  const [scope, setScope] = useState<Scope>('tab');
  const [run, setRun] = useState<RunState | null>(null);
  const [thread, setThread] = useState<Thread | null>(null);
  // Where the question being typed is kept; memory until the window's kind is known.
  const draftItem = useRef(draftStoreFor(null));
  // The pages under the popup: whether the stored thread is about them.
  const [here, setHere] = useState<{ windowId: number; tabs: ThreadPage[]; active: ThreadPage[] } | null>(null);
  const [apiHost, setApiHost] = useState('');
  const [revealNote, setRevealNote] = useState<{ message: string; retry: ShownCitation | null } | null>(null);
  // The window this app belongs to: the panel's "This tab" is that window's active tab.
  const [windowId, setWindowId] = useState<number | null>(null);
  // "Choose tabs": the ticked tabs of this window.
  const [tabIds, setTabIds] = useState<number[]>([]);
  const windowTabs = useWindowTabs(windowId);
  const grants = useTabGrants(surface, windowTabs);
  // Host access the extension holds now, and the access a question was found to lack.
  const [granted, setGranted] = useState<string[]>([]);
  const [access, setAccess] = useState<AccessNeed | null>(null);
  // The history, shown instead of the question while its button is pressed.
  const [showHistory, setShowHistory] = useState(false);
  const chosenTabs = tabIds.filter((id) => windowTabs.some((t) => t.id === id));
  const icons = useMemo(() => new Map(windowTabs.map((t) => [t.id, { url: t.url, favIconUrl: t.favIconUrl }])), [windowTabs]);
  // Opened from the context menu: about this page, or a selection in it first.
  const [intent, dropIntent] = usePanelIntent(windowId, surface === 'panel');
  useEffect(() => {
    if (intent) setScope('tab');
  }, [intent]);

  useEffect(() => {
    void (async () => {
      // The draft goes where the window's kind says: memory for an incognito window (lib/shared/storage.ts).
      const win = await browser.windows.getCurrent().catch(() => null);
      draftItem.current = draftStoreFor(win);
      const [settings, last, draft, stored] = await Promise.all([
        loadSettings(),
        lastRunItem.getValue(),
        draftItem.current.getValue(),
        threadItem.getValue(),
      ]);
      setHasKey(settings.apiKey !== '' || isLocalServer(settings));
      setApiHost(hostOf(settings.baseURL));
      setRun(last);
      setThread(stored);
      setQuestion(draft.question || last?.question || '');
      setScope(draft.scope);
      setTabIds(draft.tabIds ?? []);
      setLoaded(true);
    })();
    void browser.windows.getCurrent({ populate: true }).then((win) => {
      const tabs = (win.tabs ?? []).map((t) => ({
        tab: t,
        page: { tabId: t.id ?? -1, url: pageUrl(t.url ?? ''), title: t.title ?? '' },
      }));
      setWindowId(win.id ?? null);
      setHere({
        windowId: win.id ?? -1,
        tabs: tabs.map((t) => t.page),
        active: tabs.filter((t) => t.tab.active).map((t) => t.page),
      });
    });
    const loadGranted = () => void browser.permissions.getAll().then((p) => setGranted(p.origins ?? []));
    loadGranted();
    browser.permissions.onAdded.addListener(loadGranted);
    browser.permissions.onRemoved.addListener(loadGranted);
    // Storage is the source of truth: the background writes progress there, even while we are closed.
    const unwatchRun = lastRunItem.watch(setRun);
    const unwatchThread = threadItem.watch(setThread);
    // The key is not in the settings item (lib/shared/api-key.ts): load both again on a change.
    const unwatchSettings = settingsItem.watch(() => {
      void loadSettings().then((s) => {
        setHasKey(s.apiKey !== '' || isLocalServer(s));
        setApiHost(hostOf(s.baseURL));
      });
    });
    return () => {
      browser.permissions.onAdded.removeListener(loadGranted);
      browser.permissions.onRemoved.removeListener(loadGranted);
      unwatchRun();
      unwatchThread();
      unwatchSettings();
    };
  }, []);

  const working = run?.status === 'working';
  // In the side panel the keyboard stays here, not in the page: Escape clears the quotes
  // highlighted in the tabs, as Escape in the page does (a search box keeps its own Escape).
  useEffect(() => {
    if (surface !== 'panel') return;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (e.key !== 'Escape' || e.defaultPrevented || target?.tagName === 'INPUT' || target?.tagName === 'SELECT') return;
      void callWorker({ type: 'clear-highlights' }).catch(() => {});
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [surface]);
  const announcement = useAnnouncement(run, loaded);
  // Opened to ask: the keyboard starts in the question box.
  useEffect(() => {
    if (loaded) focusQuestion();
  }, [loaded]);
  // While a question is in flight, ask the background now and then: if the browser stopped the
  // worker, this wakes it and it reports the lost question instead of leaving a spinner.
  useEffect(() => {
    if (!working) return;
    const ping = () => void callWorker({ type: 'status' }).catch(() => {});
    ping();
    const timer = setInterval(ping, 3000);
    return () => clearInterval(timer);
  }, [working]);

  const saveDraft = (q: string, s: Scope, ids = tabIds) =>
    void draftItem.current.setValue({ question: q, scope: s, tabIds: ids });

  /**
   * Ask: first, in the click itself, whether the scope needs host access we lack; if so, the
   * reason is shown with the request (AccessNote) and nothing is sent until it is allowed.
   */
  const ask = (about: Scope = scope) => {
    if (question.trim() === '' || (about === 'tabs' && chosenTabs.length === 0)) return;
    const inScope =
      about === 'window'
        ? windowTabs
        : about === 'tabs'
          ? windowTabs.filter((t) => chosenTabs.includes(t.id))
          : windowTabs.filter((t) => t.active);
    const need = accessNeeded({
      scope: about,
      // "Choose tabs": only the tabs the browser has not given us need their sites.
      urls: (about === 'tabs' ? tabsNotGiven(inScope, grants, surface === 'popup') : inScope).map((t) => t.url),
      granted,
      // The popup always has its tab; the panel, when the browser gave it the tab: opened for
      // it by the context menu or the keyboard command, or the popup was opened over it.
      activeTabGranted:
        surface === 'popup' ||
        (intent !== null && inScope.some((t) => t.id === intent.tabId)) ||
        (inScope.length > 0 && inScope.every((t) => hasGrant(grants, t.id, t.url))),
    });
    if (need?.reason === 'panel') {
      // Our records of the tabs the browser gave us may lag behind it: the browser says (lib/worker/read/tab-access.ts).
      const canRead = (tabId: number) => callWorker({ type: 'can-read', tabId }).then((r) => r.readable);
      void confirmedNeed(need, inScope[0]?.id, canRead).then((left) => {
        setAccess(left);
        if (!left) void send(about);
      });
      return;
    }
    setAccess(need);
    if (!need) void send(about);
  };

  /** The question as the worker is asked it. */
  const askMessage = (about: Scope, win: number) => {
    // The selection goes with one question, the one it was opened for.
    const selection = intent?.selection ? { tabId: intent.tabId, text: intent.selection } : undefined;
    return {
      type: 'ask' as const,
      question: question.trim(),
      scope: about,
      windowId: win,
      ...(about === 'tabs' ? { tabIds: chosenTabs } : {}),
      ...(selection ? { selection } : {}),
    };
  };

  const send = async (about: Scope, waitingId?: string) => {
    setAccess(null);
    setRevealNote(null);
    // Without a key the background only searches the pages here: nothing is sent anywhere.
    const win = windowId ?? (await browser.windows.getCurrent()).id!;
    const message = askMessage(about, win);
    dropIntent();
    await callWorker({ ...message, ...(waitingId ? { waitingId } : {}) });
  };

  /**
   * The browser's prompt for the access a question lacks, the question kept meanwhile: once the
   * user allows it, the worker asks it even if this popup closed with the prompt.
   */
  const requestAccess = (origins: string[]) => {
    if (windowId === null) {
      waitingIdRef.current = undefined;
      return browser.permissions.request({ origins });
    }
    const { waitingId, granted } = requestForQuestion(askMessage(scope, windowId), origins, {
      request: (o) => browser.permissions.request({ origins: o }),
      save: (w) => waitingQuestionItem.setValue(w),
      drop: () => waitingQuestionItem.setValue(null),
      now: Date.now,
      newId: () => crypto.randomUUID(),
    });
    waitingIdRef.current = waitingId;
    return granted;
  };
  const waitingIdRef = useRef<string | undefined>(undefined);

  const reveal = async (c: ShownCitation, openAsCited = false) => {
    setRevealNote(null);
    const request = {
      type: 'reveal' as const,
      openAsCited,
      citation: {
        tabId: c.tabId,
        windowId: c.windowId,
        frameId: c.frameId,
        url: c.url,
        literal: c.literal,
        passageText: c.passageText,
        passageOrder: c.passageOrder,
        ...(c.parts ? { parts: c.parts } : {}),
        ...(c.page !== undefined ? { page: c.page } : {}),
      },
    };
    try {
      const result = await callWorker(request);
      if (!result.ok) setRevealNote({ message: result.message, retry: result.offerOpen ? c : null });
    } catch (err) {
      setRevealNote({ message: err instanceof Error ? err.message : String(err), retry: null });
    }
  };
  const stepList = useMemo(() => (run?.status === 'done' ? citationSteps(run.outcome) : []), [run]);
  const steps = useCitationSteps(run?.id ?? null, stepList, surface === 'panel' && !showHistory, (c) => void reveal(c));

  /** "New question": the thread ends; the box is emptied for a question that starts afresh. */
  const newQuestion = async () => {
    setRevealNote(null);
    setQuestion('');
    saveDraft('', scope);
    await startNewThread();
    focusQuestion();
  };

  const decideReview = (send: boolean) => {
    // Send and Cancel go away with the review: the keyboard goes back to the question box.
    focusQuestion();
    if (run) void callWorker({ type: 'review', runId: run.id, send });
  };

  // The thread's earlier turns: all of them but the latest question's own, which the run shows.
  const earlier = thread && (!run?.threadId || run.threadId === thread.id) ? thread.turns.filter((t) => t.id !== run?.id) : [];
  const canStartOver = !working && (earlier.length > 0 || run !== null);
  // A thread about other pages than these (another tab, a tab that moved on): the next question starts a new one.
  const elsewhere =
    !working &&
    thread !== null &&
    thread.turns.length > 0 &&
    here !== null &&
    !continuesThread(
      thread,
      scope,
      here.windowId,
      scope === 'tab' ? here.active : scope === 'tabs' ? here.tabs.filter((t) => chosenTabs.includes(t.tabId)) : here.tabs,
    );

  if (!loaded) return <main class={surface} aria-busy="true" />;
  return (
    <FaviconContext.Provider value={icons}>
      <main class={surface}>
        <header class="app-header">
          <h1>{t('appHeading')}</h1>
          <button type="button" class="history-toggle" aria-pressed={showHistory} onClick={() => setShowHistory(!showHistory)}>
            {t('history')}
          </button>
          {surface === 'popup' && hasSidePanel() && (
            <OpenInPanelButton windowId={windowId} onError={(message) => setRevealNote({ message, retry: null })} />
          )}
        </header>
        <Announcer text={announcement} />
        {showHistory && revealNote && (
          <RevealNote
            message={revealNote.message}
            offerOpen={revealNote.retry !== null}
            onOpenAsCited={() => revealNote.retry && void reveal(revealNote.retry, true)}
          />
        )}
        {showHistory && <HistoryView stepper={surface === 'panel'} onReveal={(c) => void reveal(c)} />}
        {!showHistory && (
          <>
            {!hasKey && <NoKeyNote onOpenOptions={openOptions} />}
            <AskForm
              question={question}
              scope={scope}
              busy={working}
              onQuestion={(q) => {
                setQuestion(q);
                saveDraft(q, scope);
              }}
              onScope={(s) => {
                // Choosing starts from the tab the user is looking at.
                const active = windowTabs.find((t) => t.active)?.id;
                const ids = s === 'tabs' && chosenTabs.length === 0 && active !== undefined ? [active] : tabIds;
                setScope(s);
                setAccess(null);
                setTabIds(ids);
                saveDraft(question, s, ids);
              }}
              onAsk={() => ask()}
              ready={scope !== 'tabs' || chosenTabs.length > 0}
            >
              {scope === 'tabs' && (
                <TabChooser
                  tabs={windowTabs}
                  chosen={chosenTabs}
                  onChosen={(ids) => {
                    setTabIds(ids);
                    saveDraft(question, scope, ids);
                  }}
                />
              )}
            </AskForm>
            {access && (
              <AccessNote
                need={access}
                scope={scope}
                request={requestAccess}
                onGranted={() => void send(scope, waitingIdRef.current)}
                onThisTab={() => {
                  setScope('tab');
                  saveDraft(question, 'tab');
                  ask('tab');
                }}
              />
            )}
            {intent?.selection && (
              <PendingSelectionNote
                text={intent.selection}
                onRemove={() => {
                  // The button goes with the note: the keyboard goes back to the question box.
                  focusQuestion();
                  dropIntent();
                }}
              />
            )}
            {canStartOver && (
              <button type="button" class="new-question" onClick={() => void newQuestion()}>
                {t('newQuestion')}
              </button>
            )}
            {elsewhere && (
              <p class="note">
                {thread!.pages.length === 1
                  ? t(scope === 'tab' ? 'threadElsewherePageTab' : 'threadElsewherePageWindow', thread!.pages[0]!.title)
                  : t(scope === 'tab' ? 'threadElsewhereTabsTab' : 'threadElsewhereTabsWindow')}
              </p>
            )}
            <ThreadView turns={earlier} onReveal={(c) => void reveal(c)} />
            {run?.newThread === 'pages-changed' && <p class="note">{t('pagesChanged')}</p>}
            {run && (earlier.length > 0 || run.question !== question.trim()) && run.status !== 'working' && (
              <p class="note">{t(earlier.length > 0 ? 'latestQuestion' : 'lastQuestion', run.question)}</p>
            )}
            {run?.selection && run.question === question.trim() && <SelectionNote selection={run.selection} />}
            {working && (
              <RunProgress
                run={run}
                onCancel={() => {
                  focusQuestion();
                  void callWorker({ type: 'cancel' });
                }}
              />
            )}
            {/* Claims verified while the answer streams; they stay in view if the question then fails. */}
            {run && run.status !== 'done' && run.claims && (
              <ArrivingAnswer claims={run.claims} onReveal={(c) => void reveal(c)} />
            )}
            {run?.status === 'error' && run.error && (
              <ErrorNote
                error={run.error}
                onOpenOptions={openOptions}
                onAskAgain={() => {
                  focusQuestion();
                  ask();
                }}
              />
            )}
            {revealNote && (
              <RevealNote
                message={revealNote.message}
                offerOpen={revealNote.retry !== null}
                onOpenAsCited={() => revealNote.retry && void reveal(revealNote.retry, true)}
              />
            )}
            {run?.status === 'review' && (
              <ReviewPanel
                run={run}
                destination={apiHost}
                onSend={() => decideReview(true)}
                onCancel={() => decideReview(false)}
              />
            )}
            {run?.status === 'done' && run.results && <SearchResults run={run} onReveal={(c) => void reveal(c)} />}
            {run?.status === 'done' && surface === 'panel' && (
              <CitationStepper steps={steps.list} current={steps.current} onStep={steps.step} />
            )}
            {run?.status === 'done' && <AnswerView run={run} current={steps.currentCitation} onReveal={steps.reveal} />}
          </>
        )}
      </main>
    </FaviconContext.Provider>
  );
}
