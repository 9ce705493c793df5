/**
 * The interface in Spanish, in Firefox ESR whose language is Spanish (Debian's
 * firefox-esr-l10n-es-es language pack, chosen by `intl.locale.requested`), as Chromium's
 * tests/e2e/spanish.test.ts: the same build, the browser picks the catalogue. The options page,
 * the popup and the background page's own words, and the context menu's entries, in Spanish.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answerReply, indexOf, messageCalls } from '../support/harness';
import {
  highlightedText,
  inTab,
  openTab,
  Popup,
  saveSettingsAsUser,
  useFirefox,
  type Firefox,
  type OptionsWords,
} from '../support/firefox';

const LANGPACK = '/usr/lib/firefox-esr/browser/extensions/langpack-es-ES@firefox-esr.mozilla.org.xpi';

let fx: Firefox;
useFirefox((x) => (fx = x), {
  prefs: {
    'intl.locale.requested': 'es-ES',
    // The language pack is installed with the browser (Debian's package): enabled from the start.
    'extensions.autoDisableScopes': 0,
  },
});

const SPANISH_OPTIONS: OptionsWords = {
  apiKey: 'Clave de API',
  baseURL: 'URL base de la API',
  supportCheck: 'Comprobación de respaldo',
  off: 'Desactivada',
  save: 'Guardar',
  send: (origin) => `Enviar mi clave a ${origin}`,
  saved: 'Guardado.',
};

/** The popup found by its Spanish names. */
function spanishPopup(): Popup {
  const popup = new Popup(fx);
  popup.questionLabel = 'Pregunta';
  return popup;
}

describe('Firefox: the interface in Spanish', () => {
  it('the language pack is installed (apt-get install firefox-esr-l10n-es-es), and the options page saves by its Spanish labels', async () => {
    expect(existsSync(LANGPACK)).toBe(true);
    const options = await openTab(fx, `${fx.origin}/options.html`);
    await expect
      .poll(() => inTab(fx, options, `return [document.title, document.documentElement.lang];`))
      .toEqual(['Opciones de Cited Tabs', 'es']);
    await saveSettingsAsUser(fx, { apiKey: 'sk-ant-test-key', baseURL: fx.api.url }, SPANISH_OPTIONS);
  });

  it('the popup answers by its Spanish names: Pregunta, Esta pestaña, Preguntar, Respuesta, a citation named by its page', async () => {
    const page = await openTab(fx, `${fx.fixtures}/parque-natural.html`);
    const quote = 'el más largo, la ruta de las cumbres, recorre dieciocho kilómetros';
    fx.api.enqueue((req) =>
      answerReply([
        { text: 'La ruta de las cumbres mide 18 km.', citations: [{ index: indexOf(req, 'dieciocho'), literal: quote }] },
      ]),
    );
    const popup = spanishPopup();
    await popup.open();
    expect(await popup.run(`return doc.documentElement.lang;`)).toBe('es');
    await popup.ask('¿Cuánto mide el sendero más largo?', 'Esta pestaña', 'Preguntar');
    await expect.poll(() => popup.regionText('Respuesta')).toContain('La ruta de las cumbres mide 18 km.');
    // (The coverage line is a part of the screen loaded after the answer: waited for.)
    await expect.poll(() => popup.regionText('Respuesta'), { timeout: 10_000 }).toContain('Leída 1 pestaña');
    expect(await popup.control('Copiar como Markdown')).toBe('enabled');

    const title = await inTab<string>(fx, page, `return document.title;`);
    await popup.click(`${new URL(fx.fixtures).host} — ${title}`);
    await expect.poll(() => highlightedText(fx, page)).toBe(quote);
  });

  it('the background page speaks Spanish too: "not found" with its reason, and an error with its next step', async () => {
    await openTab(fx, `${fx.fixtures}/parque-natural.html`);
    fx.api.enqueue(answerReply([], true));
    const popup = spanishPopup();
    await popup.open();
    await popup.click('Nueva pregunta');
    await popup.ask('¿Cuántos osos hay en el parque?', 'Esta pestaña', 'Preguntar');
    await expect.poll(() => popup.regionText('Respuesta')).toContain('No está en estas páginas.');
    expect(await popup.regionText('Respuesta')).toContain(
      'Claude leyó los pasajes más pertinentes y no encontró en ellos la respuesta.',
    );

    const before = messageCalls(fx.api).length;
    fx.api.enqueue({ kind: 'error', status: 401, type: 'authentication_error', message: 'invalid x-api-key' });
    await popup.ask('¿Cuánto mide el sendero más largo?', 'Esta pestaña', 'Preguntar');
    await expect
      .poll(() => popup.textOf('.error[role=alert]'))
      .toMatch(/^La API rechazó la clave \(invalid x-api-key\)\. Compruébala en las opciones\./);
    expect(await popup.control('Abrir opciones')).toBe('enabled');
    expect(messageCalls(fx.api).length - before).toBe(1);
  });
});
