/**
 * The interface in Spanish, in real Chromium whose language is Spanish (`--lang=es` and
 * `LANGUAGE=es`): the popup answers a question through the stand-in, found by its Spanish names,
 * and the options page is found by its Spanish labels. The same build as every other test: the
 * browser picks the catalogue, nothing in the extension is told the language.
 */
import { describe, expect, it } from 'vitest';
import { citationNamed, highlightedText } from '../support/popup-page';
import { answerReply, indexOf } from '../support/stand-in/replies';
import { useExtension } from '../support/harness';
import { axeViolations, describeViolations } from '../support/axe';

const h = useExtension({ lang: 'es' });

describe('the interface in Spanish', () => {
  it("takes the toolbar button's title from the Spanish catalogue", async () => {
    const said = await h.worker.evaluate(async () => ({
      locale: chrome.i18n.getMessage('locale'),
      title: await chrome.action.getTitle({}),
      name: chrome.runtime.getManifest().name,
    }));
    expect(said.locale).toBe('es');
    expect(said.title).toBe('Pregunta sobre tus pestañas');
    expect(said.name).toBe('Cited Tabs');
  });

  it('the popup answers by its Spanish names: Pregunta, Esta pestaña, Preguntar, region Respuesta, a citation named by its page', async () => {
    await h.standIn();
    const page = await h.open('parque-natural.html');
    const quote = 'el más largo, la ruta de las cumbres, recorre dieciocho kilómetros';
    h.api.enqueue((req) =>
      answerReply([
        { text: 'La ruta de las cumbres mide 18 km.', citations: [{ index: indexOf(req, 'dieciocho'), literal: quote }] },
      ]),
    );

    const popup = await h.popup(page, 'Pregunta');
    expect(await popup.evaluate(() => document.documentElement.lang)).toBe('es');
    const box = await popup.waitForSelector('::-p-aria(Pregunta)');
    await box!.type('¿Cuánto mide el sendero más largo?');
    await popup.locator('::-p-aria(Esta pestaña)').click();
    await popup.locator('::-p-aria(Preguntar[role="button"])').click();

    const region = await popup.waitForSelector('::-p-aria([name="Respuesta"][role="region"])', { timeout: 30_000 });
    const text = await region!.evaluate((el) => (el as HTMLElement).innerText);
    expect(text).toContain('La ruta de las cumbres mide 18 km.');
    // What the screen says around the answer is Spanish too.
    expect(text).toContain('Leída 1 pestaña');
    expect(h.calls()).toHaveLength(1);
    await popup.waitForSelector('::-p-aria(Copiar como Markdown[role="button"])');
    // The Spanish screen is as accessible as the English one (its language declared, every name given).
    expect(describeViolations(await axeViolations(popup))).toEqual([]);

    // The citation is named by its page's title and site, and a click highlights the quote.
    const name = `${new URL(page.url()).host} — ${await page.title()}`;
    await popup.locator(citationNamed(name)).click();
    await expect.poll(() => highlightedText(page)).toBe(quote);
  });

  it('the worker speaks Spanish too: "not found" with its reason, and an error with its next step', async () => {
    await h.standIn();
    const page = await h.open('parque-natural.html');
    h.api.enqueue(answerReply([], true));
    let popup = await h.popup(page, 'Pregunta');
    await popup.locator('::-p-aria(Pregunta)').fill('¿Cuántos osos hay en el parque?');
    await popup.locator('::-p-aria(Preguntar[role="button"])').click();
    const region = await popup.waitForSelector('::-p-aria([name="Respuesta"][role="region"])', { timeout: 30_000 });
    const text = await region!.evaluate((el) => (el as HTMLElement).innerText);
    expect(text).toContain('No está en estas páginas.');
    expect(text).toContain('Claude leyó los pasajes más pertinentes y no encontró en ellos la respuesta.');
    await popup.close();

    h.api.enqueue({ kind: 'error', status: 401, type: 'authentication_error', message: 'invalid x-api-key' });
    popup = await h.popup(page, 'Pregunta');
    await popup.locator('::-p-aria(Pregunta)').fill('¿Cuánto mide el sendero más largo?');
    await popup.locator('::-p-aria(Preguntar[role="button"])').click();
    const alert = await popup.waitForSelector('.error[role="alert"]', { timeout: 30_000 });
    expect(await alert!.evaluate((el) => (el as HTMLElement).innerText)).toMatch(
      /^La API rechazó la clave \(invalid x-api-key\)\. Compruébala en las opciones\./,
    );
    await popup.waitForSelector('::-p-aria(Abrir opciones[role="button"])');
  });

  it('the options page saves by its Spanish labels: Clave de API, Modelo, URL base de la API, Guardar', async () => {
    const options = await h.browser.newPage();
    await options.goto(h.worker.url().replace('background.js', 'options.html'));
    expect(await options.title()).toBe('Opciones de Cited Tabs');
    const field = async (label: string, value: string) => {
      const input = await options.waitForSelector(`::-p-aria(${label})`);
      await input!.click({ count: 3 });
      await input!.type(value);
    };
    await field('Clave de API', 'sk-ant-desde-opciones');
    await field('Modelo', 'claude-haiku-5-5');
    await field('URL base de la API', h.api.url);
    await options.locator('::-p-aria(Guardar[role="button"])').click();
    // A server other than Anthropic's gets the key only once the user confirms it, in Spanish too.
    await options.locator(`::-p-aria(Enviar mi clave a ${h.api.url}[role="button"])`).click();
    await options.waitForSelector('::-p-text(Guardado.)');
    expect(await options.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(describeViolations(await axeViolations(options))).toEqual([]);
    const stored = await h.worker.evaluate(
      async () => (await chrome.storage.local.get('settings')).settings as { model: string },
    );
    expect(stored.model).toBe('claude-haiku-5-5');
    await options.close();
  });
});
