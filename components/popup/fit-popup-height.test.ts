// @vitest-environment happy-dom
/** The popup capped to the height the browser gave it only once that height has settled. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fitPopupHeight, heightCap, SETTLE_MS, type PopupWindow } from './fit-popup-height';

/** A popup window whose height the "browser" sets, over content of a given height. */
function popup(height: number, content: number) {
  const root = document.createElement('html');
  const body = document.createElement('body');
  let resize = () => {};
  let changed = () => {};
  const state = { height, content };
  Object.defineProperty(root, 'scrollHeight', { get: () => Math.max(state.content, state.height) });
  const win: PopupWindow = {
    get innerHeight() {
      return state.height;
    },
    document: { documentElement: root, body },
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    clearTimeout: (id) => window.clearTimeout(id),
    addEventListener: (_type, listener) => {
      resize = listener;
    },
  };
  fitPopupHeight(win, (_target, onChange) => {
    changed = onChange;
    return () => {};
  });
  return {
    cap: () => root.style.getPropertyValue('--popup-max-height'),
    /** The content grows or shrinks. */
    content(px: number) {
      state.content = px;
      changed();
    },
    /** The browser resizes the popup. */
    resize(px: number) {
      state.height = px;
      resize();
    },
  };
}

describe('the popup held within the height the browser gives it', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('caps the app at a height that has settled below its content', () => {
    const p = popup(510, 600);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(p.cap()).toBe('510px');
  });

  it('takes no cap while the browser is still growing the popup to its content', () => {
    const p = popup(300, 300);
    vi.advanceTimersByTime(SETTLE_MS);
    p.content(600); // an answer arrives; the popup is still 300 px for a moment
    vi.advanceTimersByTime(SETTLE_MS / 2);
    p.resize(510); // then the browser grows it as far as the screen allows
    vi.advanceTimersByTime(SETTLE_MS / 2);
    expect(p.cap()).toBe('');
    vi.advanceTimersByTime(SETTLE_MS);
    expect(p.cap()).toBe('510px');
  });

  it('keeps its cap when the popup only narrows (its scrollbar gone), takes a taller window', () => {
    const p = popup(510, 600);
    vi.advanceTimersByTime(SETTLE_MS);
    p.resize(510); // the same height, 30 px narrower
    vi.advanceTimersByTime(SETTLE_MS);
    expect(p.cap()).toBe('510px');
    p.resize(580); // the window moved to a taller screen
    expect(p.cap()).toBe('');
    vi.advanceTimersByTime(SETTLE_MS);
    expect(p.cap()).toBe('580px');
  });

  it('caps nothing that fits', () => {
    const p = popup(300, 280);
    vi.advanceTimersByTime(SETTLE_MS);
    p.content(290);
    vi.advanceTimersByTime(SETTLE_MS);
    expect(p.cap()).toBe('');
  });

  it('caps only content taller than its window', () => {
    expect(heightCap(510, 600)).toBe(510);
    expect(heightCap(510, 511)).toBeNull();
    expect(heightCap(600, 400)).toBeNull();
  });
});
