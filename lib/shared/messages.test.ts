import { describe, expect, it } from 'vitest';
import { isFromExtensionPage, uiMessage } from './messages';

const ID = 'abcdefghijklmnopabcdefghijklmnop';
const ORIGIN = `chrome-extension://${ID}/`;

describe('who may talk to the background', () => {
  it('accepts the popup and the options page', () => {
    expect(isFromExtensionPage({ id: ID, url: `${ORIGIN}popup.html` }, ID, ORIGIN)).toBe(true);
    expect(isFromExtensionPage({ id: ID, url: `${ORIGIN}options.html` }, ID, ORIGIN)).toBe(true);
  });

  it('refuses our own content script: it speaks for a page', () => {
    expect(isFromExtensionPage({ id: ID, url: 'https://evil.example/' }, ID, ORIGIN)).toBe(false);
  });

  it('refuses other extensions and senders without a URL', () => {
    expect(isFromExtensionPage({ id: 'other', url: `chrome-extension://other/popup.html` }, ID, ORIGIN)).toBe(false);
    expect(isFromExtensionPage({ id: ID }, ID, ORIGIN)).toBe(false);
  });
});

describe('message shapes', () => {
  it('accepts a well-formed ask and refuses an empty question or unknown scope', () => {
    expect(uiMessage.safeParse({ type: 'ask', question: 'Why?', scope: 'tab', windowId: 1 }).success).toBe(true);
    expect(uiMessage.safeParse({ type: 'ask', question: '   ', scope: 'tab', windowId: 1 }).success).toBe(false);
    expect(uiMessage.safeParse({ type: 'ask', question: 'Why?', scope: 'all', windowId: 1 }).success).toBe(false);
    expect(uiMessage.safeParse({ type: 'delete-everything' }).success).toBe(false);
  });
});
