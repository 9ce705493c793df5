import { useEffect, useState } from 'preact/hooks';
import { AnswerView } from '@/components/popup/AnswerView';
import { AskForm } from '@/components/popup/AskForm';
import { ErrorNote } from '@/components/popup/ErrorNote';
import { NoKeyNote } from '@/components/popup/NoKeyNote';
import { RevealNote } from '@/components/popup/RevealNote';
import { ReviewPanel } from '@/components/popup/ReviewPanel';
import { RunProgress } from '@/components/popup/RunProgress';
import { SearchResults } from '@/components/popup/SearchResults';
import { SelectionNote } from '@/components/popup/SelectionNote';
import { ThreadView } from '@/components/popup/ThreadView';
import { callWorker } from '@/lib/shared/call-worker';
import type { ShownCitation } from '@/lib/shared/run';
import {
  draftItem as diskDraftItem,
  incognitoDraftItem,
  lastRunItem,
  loadSettings,
  settingsItem,
  startNewThread,
  threadItem,
  type RunState,
  type Scope,
} from '@/lib/shared/storage';
import { continuesThread, pageUrl, type Thread, type ThreadPage } from '@/lib/shared/thread';

// A popup in an incognito window keeps the question it is typing in memory only.
const draftItem = browser.extension?.inIncognitoContext ? incognitoDraftItem : diskDraftItem;

const openOptions = () => void browser.runtime.openOptionsPage();
const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** The popup: ask, follow progress, read the verified answer, jump to a quote. */
export function App() {
  const [loaded, setLoaded] = useState(false);
  const [hasKey, setHasKey] = useState(false);
  const [question, setQuestion] = useState('');
  const [scope, setScope] = useState<Scope>('tab');
  const [run, setRun] = useState<RunState | null>(null);
  const [thread, setThread] = useState<Thread | null>(null);
  // The pages under the popup: whether the stored thread is about them.
  const [here, setHere] = useState<{ windowId: number; tabs: ThreadPage[]; active: ThreadPage[] } | null>(null);
  const [apiHost, setApiHost] = useState('');
  const [revealNote, setRevealNote] = useState<{ message: string; retry: ShownCitation | null } | null>(null);

  useEffect(() => {
    void (async () => {
      const [settings, last, draft, stored] = await Promise.all([
        loadSettings(),
        lastRunItem.getValue(),
        draftItem.getValue(),
        threadItem.getValue(),
      ]);
      setHasKey(settings.apiKey !== '');
      setApiHost(hostOf(settings.baseURL));
      setRun(last);
      setThread(stored);
      setQuestion(draft.question || last?.question || '');
      setScope(draft.scope);
      setLoaded(true);
    })();
    void browser.windows.getCurrent({ populate: true }).then((win) => {
      const tabs = (win.tabs ?? []).map((t) => ({ tab: t, page: { tabId: t.id ?? -1, url: pageUrl(t.url ?? ''), title: t.title ?? '' } }));
      setHere({ windowId: win.id ?? -1, tabs: tabs.map((t) => t.page), active: tabs.filter((t) => t.tab.active).map((t) => t.page) });
    });
    // Storage is the source of truth: the background writes progress there, even while we are closed.
    const unwatchRun = lastRunItem.watch(setRun);
    const unwatchThread = threadItem.watch(setThread);
    // The key is not in the settings item (lib/shared/api-key.ts): load both again on a change.
    const unwatchSettings = settingsItem.watch(() => {
      void loadSettings().then((s) => {
        setHasKey(s.apiKey !== '');
        setApiHost(hostOf(s.baseURL));
      });
    });
    return () => {
      unwatchRun();
      unwatchThread();
      unwatchSettings();
    };
  }, []);

  const working = run?.status === 'working';
  // While a question is in flight, ask the background now and then: if the browser stopped the
  // worker, this wakes it and it reports the lost question instead of leaving a spinner.
  useEffect(() => {
    if (!working) return;
    const ping = () => void callWorker({ type: 'status' }).catch(() => {});
    ping();
    const timer = setInterval(ping, 3000);
    return () => clearInterval(timer);
  }, [working]);

  const saveDraft = (q: string, s: Scope) => void draftItem.setValue({ question: q, scope: s });

  const ask = async () => {
    if (question.trim() === '') return;
    setRevealNote(null);
    // Without a key the background only searches the pages here: nothing is sent anywhere.
    const win = await browser.windows.getCurrent();
    await callWorker({ type: 'ask', question: question.trim(), scope, windowId: win.id! });
  };

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
      },
    };
    try {
      const result = await callWorker(request);
      if (!result.ok) setRevealNote({ message: result.message, retry: result.offerOpen ? c : null });
    } catch (err) {
      setRevealNote({ message: err instanceof Error ? err.message : String(err), retry: null });
    }
  };

  /** "New question": the thread ends; the box is emptied for a question that starts afresh. */
  const newQuestion = async () => {
    setRevealNote(null);
    setQuestion('');
    saveDraft('', scope);
    await startNewThread();
    document.getElementById('question')?.focus();
  };

  const decideReview = (send: boolean) => {
    if (run) void callWorker({ type: 'review', runId: run.id, send });
  };

  // The thread's earlier turns: all of them but the latest question's own, which the run shows.
  const earlier = thread && (!run?.threadId || run.threadId === thread.id) ? thread.turns.filter((t) => t.id !== run?.id) : [];
  const canStartOver = !working && (earlier.length > 0 || run !== null);
  // A thread about other pages than these (another tab, a tab that moved on): the next question starts a new one.
  const elsewhere =
    !working && thread !== null && thread.turns.length > 0 && here !== null &&
    !continuesThread(thread, scope, here.windowId, scope === 'tab' ? here.active : here.tabs);

  if (!loaded) return <main class="popup" aria-busy="true" />;
  return (
    <main class="popup">
      <h1>Ask about your tabs</h1>
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
          setScope(s);
          saveDraft(question, s);
        }}
        onAsk={() => void ask()}
      />
      {canStartOver && (
        <button type="button" class="new-question" onClick={() => void newQuestion()}>
          New question
        </button>
      )}
      {elsewhere && (
        <p class="note">
          This thread is about {thread!.pages.length === 1 ? `“${thread!.pages[0]!.title}”` : 'other tabs'}: a question about{' '}
          {scope === 'tab' ? 'this tab' : 'the tabs of this window'} starts a new thread.
        </p>
      )}
      <ThreadView turns={earlier} onReveal={(c) => void reveal(c)} />
      {run?.newThread === 'pages-changed' && (
        <p class="note">The pages in scope changed, so this question started a new thread.</p>
      )}
      {run && (earlier.length > 0 || run.question !== question.trim()) && run.status !== 'working' && (
        <p class="note">{earlier.length > 0 ? 'Latest question' : 'Last question'}: “{run.question}”</p>
      )}
      {run?.selection && run.question === question.trim() && <SelectionNote selection={run.selection} />}
      {working && <RunProgress run={run} onCancel={() => void callWorker({ type: 'cancel' })} />}
      {run?.status === 'error' && run.error && <ErrorNote error={run.error} onOpenOptions={openOptions} onAskAgain={() => void ask()} />}
      {revealNote && (
        <RevealNote
          message={revealNote.message}
          offerOpen={revealNote.retry !== null}
          onOpenAsCited={() => revealNote.retry && void reveal(revealNote.retry, true)}
        />
      )}
      {run?.status === 'review' && (
        <ReviewPanel run={run} destination={apiHost} onSend={() => decideReview(true)} onCancel={() => decideReview(false)} />
      )}
      {run?.status === 'done' && run.results && <SearchResults run={run} onReveal={(c) => void reveal(c)} />}
      {run?.status === 'done' && <AnswerView run={run} onReveal={(c) => void reveal(c)} />}
    </main>
  );
}
