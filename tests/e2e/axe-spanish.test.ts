import { describe, expect, it } from 'vitest';
import { axeViolations, describeViolations } from '../support/axe';
import { focused, liveRegions } from '../support/keyboard';
import { answerReply, indexOf } from '../support/stand-in/replies';
import { useExtension } from '../support/harness';

/**
 * axe-core and the keyboard in the Spanish interface (Chromium in Spanish): the longer words and
 * the document's language are checked too, and the live region speaks Spanish.
 */

const h = useExtension({ lang: 'es' });

async function violations(page: Parameters<typeof axeViolations>[0]): Promise<string[]> {
  const lines: string[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    lines.push(...describeViolations(await axeViolations(page, scheme)).map((l) => `[${scheme}] ${l}`));
  }
  await page.emulateMediaFeatures([]);
  return lines;
}

describe('accessible in Spanish', () => {
  it('the popup: asked from the keyboard in "Pregunta", the answer said in Spanish, no axe violation', async () => {
    await h.standIn();
    const page = await h.open('parque-natural.html');
    const quote = 'el más largo, la ruta de las cumbres, recorre dieciocho kilómetros';
    h.api.enqueue((req) =>
      answerReply([
        { text: 'La ruta de las cumbres mide 18 km.', citations: [{ index: indexOf(req, 'dieciocho'), literal: quote }] },
      ]),
    );
    const popup = await h.popup(page, 'Pregunta');
    expect(await violations(popup)).toEqual([]);
    expect(await focused(popup)).toEqual({ role: 'textbox', name: 'Pregunta' });
    await popup.keyboard.type('¿Cuánto mide el sendero más largo?');
    await popup.keyboard.press('Enter');
    await popup.waitForSelector('::-p-aria([name="Respuesta"][role="region"])', { timeout: 30_000 });
    await expect.poll(async () => (await liveRegions(popup, 'status'))[0]).toBe('Respuesta: La ruta de las cumbres mide 18 km.');
    expect(await violations(popup)).toEqual([]);
  });

  it('the options page', async () => {
    const options = await h.browser.newPage();
    await options.goto(h.worker.url().replace('background.js', 'options.html'));
    await options.waitForSelector('::-p-aria(Guardar[role="button"])');
    expect(await violations(options)).toEqual([]);
    await options.close();
  });
});
