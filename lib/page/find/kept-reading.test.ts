// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { locateIn } from './anchor';
import { currentReading, forgetReading } from './kept-reading';
import { clearHighlight } from './highlight-paint';
import { highlightQuote, highlightQuoteInSteps } from './highlight-locate';
import { proveSeen } from './quote-seen';

const quote = (literal: string) => ({ literal, passageText: '', passageOrder: 0 });
const found = (literal: string) => locateIn(currentReading(document).page, quote(literal))?.text ?? null;
const noPause = () => Promise.resolve();

beforeEach(() => {
  forgetReading(document);
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {});
});

afterEach(() => {
  clearHighlight(document);
  vi.restoreAllMocks();
});

describe("a page's reading kept for its next quote", () => {
  it('is read once for several quotes while nothing changes', () => {
    document.body.innerHTML = '<p>The museum opens at nine.</p><p>Tickets cost four euros.</p>';
    const first = currentReading(document);
    expect(first.fresh).toBe(true);
    const second = currentReading(document);
    expect(second.fresh).toBe(false);
    expect(second.page).toBe(first.page);
    expect(found('tickets cost four euros')).toBe('Tickets cost four euros');
  });

  it('is read again after the page changed, even within the same task', () => {
    document.body.innerHTML = '<p>The museum opens at nine.</p>';
    expect(found('opens at nine')).toBe('opens at nine');
    document.querySelector('p')!.firstChild!.textContent = 'The museum opens at ten.';
    expect(found('opens at nine')).toBeNull();
    expect(found('opens at ten')).toBe('opens at ten');
    document.querySelector('p')!.setAttribute('hidden', '');
    expect(found('opens at ten')).toBeNull();
  });

  it('is not reused by a search with other options', () => {
    document.body.innerHTML = '<p>The museum opens at nine.</p>';
    const page = currentReading(document).page;
    expect(currentReading(document, { maxTextChars: 10 }).page).not.toBe(page);
  });

  it('gives the proof of a quote the page as it is now, after a change', () => {
    document.body.innerHTML = '<p>The museum opens at nine.</p>';
    expect(proveSeen(document, [quote('opens at nine')], {}, currentReading(document).page)[0]!.drawn).toBe(true);
    document.body.innerHTML = '<p>The museum is closed.</p>';
    expect(proveSeen(document, [quote('opens at nine')], {}, currentReading(document).page)[0]).toEqual({
      drawn: false,
      reason: 'not-found',
    });
  });
});

describe('a click on a quote that a kept reading does not show', () => {
  // Inside a shadow root, where no observer of the document sees a change: the reading is kept.
  function pageWithShadow(): ShadowRoot {
    document.body.innerHTML = '<p>The museum opens at nine.</p><div id="host"></div>';
    const shadow = document.getElementById('host')!.attachShadow({ mode: 'open' });
    shadow.innerHTML = '<p hidden>Tickets cost four euros at the door.</p><p>Children enter free of charge.</p>';
    return shadow;
  }

  it('is looked for in a new reading, and highlighted', () => {
    const shadow = pageWithShadow();
    expect(found('tickets cost four euros')).toBeNull();
    shadow.querySelector('p')!.removeAttribute('hidden');
    expect(currentReading(document).fresh).toBe(false);
    expect(found('tickets cost four euros')).toBeNull();
    expect(highlightQuote(document, quote('tickets cost four euros'))).toEqual({ ok: true, text: 'Tickets cost four euros' });
  });

  it('is looked for in a new reading by the click in steps too', async () => {
    const shadow = pageWithShadow();
    expect(found('tickets cost four euros')).toBeNull();
    shadow.querySelector('p')!.removeAttribute('hidden');
    const outcome = await highlightQuoteInSteps(document, quote('tickets cost four euros'), {}, [], noPause);
    expect(outcome).toEqual({ ok: true, text: 'Tickets cost four euros' });
  });

  it('is not shown from a kept reading whose words changed since, but from a new one', async () => {
    const shadow = pageWithShadow();
    expect(found('children enter free')).toBe('Children enter free');
    const words = shadow.querySelectorAll('p')[1]!.firstChild as Text;
    words.data = 'Children enter for two euros.';
    expect(currentReading(document).fresh).toBe(false);
    expect(await highlightQuoteInSteps(document, quote('children enter free'), {}, [], noPause)).toEqual({
      ok: false,
      reason: 'not-found',
    });
    expect(document.querySelectorAll('mark').length + shadow.querySelectorAll('mark').length).toBe(0);
    words.data = 'Children enter, and children enter free of charge.';
    expect(highlightQuote(document, quote('children enter free'))).toEqual({ ok: true, text: 'children enter free' });
  });

  it('is still not highlighted when a new reading does not show it either', async () => {
    pageWithShadow();
    expect(found('tickets cost four euros')).toBeNull();
    const outcome = await highlightQuoteInSteps(document, quote('tickets cost four euros'), {}, [], noPause);
    expect(outcome).toEqual({ ok: false, reason: 'not-found' });
    expect(document.querySelectorAll('mark').length).toBe(0);
  });
});
