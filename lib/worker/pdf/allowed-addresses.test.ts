import { describe, expect, it } from 'vitest';
import { pdfAddressesOfRun, pdfReadAllowed } from './allowed-addresses';

const VIEWER = 'chrome-extension://abc/pdf-viewer.html';

describe('the PDF addresses a question may read', () => {
  it('are its tabs’ addresses and the documents its viewer tabs show; no other', () => {
    const run = pdfAddressesOfRun(
      [
        { url: 'https://port.example/tides.pdf' },
        { url: `${VIEWER}?file=${encodeURIComponent('https://docs.example/report.pdf')}#page=2` },
        {},
      ],
      VIEWER,
    );
    expect(pdfReadAllowed('https://port.example/tides.pdf', run)).toBe(true);
    expect(pdfReadAllowed('https://docs.example/report.pdf', run)).toBe(true);
    expect(pdfReadAllowed('https://bank.example/statement.pdf', run)).toBe(false);
    expect(pdfReadAllowed('', run)).toBe(false);
  });
});
