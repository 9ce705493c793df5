/**
 * Asking: first, in the click itself, whether the scope needs host access the extension lacks;
 * if so the reason is shown with the request (AccessNote) and nothing is sent until it is
 * allowed. The question waits meanwhile in storage, so the worker asks it once the user allows
 * it even if the popup closed with the browser's prompt.
 */
import { useRef, useState } from 'preact/hooks';
import { useGrantedOrigins } from '@/components/options/use-granted-origins';
import { callWorker } from '@/lib/shared/protocol/call-worker';
import type { AskMessage } from '@/lib/shared/protocol/messages';
import type { Scope } from '@/lib/shared/answer/run-state';
import { accessNeeded, confirmedNeed, type AccessNeed } from '@/lib/shared/access/site-access';
import { waitingQuestionItem, type PanelIntent } from '@/lib/shared/store/storage';
import { hasGrant, tabsNotGiven, type TabGrant } from '@/lib/shared/store/tab-grants';
import { requestForQuestion } from '@/lib/shared/store/waiting-question';
import type { WindowTab } from './use-window-tabs';

/** What a question is asked from: the app's place, its window's tabs and what it may read. */
export interface AskContext {
  surface: 'popup' | 'panel';
  question: string;
  /** The scope chosen in the form. */
  scope: Scope;
  /** "Choose tabs": the ticked tabs still open in the window. */
  chosenTabs: number[];
  windowTabs: WindowTab[];
  windowId: number | null;
  /** The tabs the browser gave the side panel (`activeTab`). */
  grants: TabGrant[];
  /** What the context menu opened the side panel for. */
  intent: PanelIntent | null;
}

/** The tabs a question asked `about` this scope reads. */
export function tabsInScope(about: Scope, tabs: WindowTab[], chosen: number[]): WindowTab[] {
  if (about === 'window') return tabs;
  if (about === 'tabs') return tabs.filter((t) => chosen.includes(t.id));
  return tabs.filter((t) => t.active);
}

/** The host access a question `about` this scope lacks, or null when it may be sent now. */
export function accessFor(about: Scope, ctx: AskContext, granted: string[]): AccessNeed | null {
  const inScope = tabsInScope(about, ctx.windowTabs, ctx.chosenTabs);
  return accessNeeded({
    scope: about,
    // "Choose tabs": only the tabs the browser has not given us need their sites.
    urls: (about === 'tabs' ? tabsNotGiven(inScope, ctx.grants, ctx.surface === 'popup') : inScope).map((t) => t.url),
    granted,
    // The popup always has its tab; the panel, when the browser gave it the tab: opened for
    // it by the context menu or the keyboard command, or the popup was opened over it.
    activeTabGranted:
      ctx.surface === 'popup' ||
      (ctx.intent !== null && inScope.some((t) => t.id === ctx.intent!.tabId)) ||
      (inScope.length > 0 && inScope.every((t) => hasGrant(ctx.grants, t.id, t.url))),
  });
}

/** The question as the worker is asked it; the selection goes with the one question it was opened for. */
export function askMessageOf(
  about: Scope,
  windowId: number,
  ctx: Pick<AskContext, 'question' | 'chosenTabs' | 'intent'>,
): AskMessage {
  const selection = ctx.intent?.selection ? { tabId: ctx.intent.tabId, text: ctx.intent.selection } : undefined;
  return {
    type: 'ask',
    question: ctx.question.trim(),
    scope: about,
    windowId,
    ...(about === 'tabs' ? { tabIds: ctx.chosenTabs } : {}),
    ...(selection ? { selection } : {}),
  };
}

export interface Asking {
  /** The origins the extension may read now. */
  granted: string[];
  /** The access the last Ask found missing, shown with its request. */
  access: AccessNeed | null;
  clearAccess: () => void;
  /** Ask about `about`: sent now, or once the access it lacks is allowed. */
  ask: (about: Scope) => void;
  /** The browser's prompt for `origins`, inside the user's click; resolves to whether it was allowed. */
  requestAccess: (origins: string[]) => Promise<boolean>;
  /** The access was allowed: the question waiting for it is sent. */
  sendAllowed: (about: Scope) => void;
}

/** `beforeSend` runs as a question leaves (notes cleared, the panel's intent used up). */
export function useAsking(ctx: AskContext, beforeSend: () => void): Asking {
  const granted = useGrantedOrigins();
  const [access, setAccess] = useState<AccessNeed | null>(null);
  const waitingId = useRef<string | undefined>(undefined);

  const send = async (about: Scope, waiting?: string) => {
    setAccess(null);
    // Without a key the background only searches the pages here: nothing is sent anywhere.
    const win = ctx.windowId ?? (await browser.windows.getCurrent()).id!;
    const message = askMessageOf(about, win, ctx);
    beforeSend();
    await callWorker({ ...message, ...(waiting ? { waitingId: waiting } : {}) });
  };

  const ask = (about: Scope) => {
    if (ctx.question.trim() === '' || (about === 'tabs' && ctx.chosenTabs.length === 0)) return;
    const need = accessFor(about, ctx, granted);
    if (need?.reason === 'panel') {
      // Our records of the tabs the browser gave us may lag behind it: the browser says (lib/worker/read/tab-access.ts).
      const canRead = (tabId: number) => callWorker({ type: 'can-read', tabId }).then((r) => r.readable);
      void confirmedNeed(need, tabsInScope(about, ctx.windowTabs, ctx.chosenTabs)[0]?.id, canRead).then((left) => {
        setAccess(left);
        if (!left) void send(about);
      });
      return;
    }
    setAccess(need);
    if (!need) void send(about);
  };

  const requestAccess = (origins: string[]): Promise<boolean> => {
    if (ctx.windowId === null) {
      waitingId.current = undefined;
      return browser.permissions.request({ origins });
    }
    const asked = requestForQuestion(askMessageOf(ctx.scope, ctx.windowId, ctx), origins, {
      request: (o) => browser.permissions.request({ origins: o }),
      save: (w) => waitingQuestionItem.setValue(w),
      drop: () => waitingQuestionItem.setValue(null),
      now: Date.now,
      newId: () => crypto.randomUUID(),
    });
    waitingId.current = asked.waitingId;
    return asked.granted;
  };

  return {
    granted,
    access,
    clearAccess: () => setAccess(null),
    ask,
    requestAccess,
    sendAllowed: (about) => void send(about, waitingId.current),
  };
}
