import type { Page } from 'puppeteer-core';
import { describe, expect, it } from 'vitest';
import { type Harness, useHarness } from '../support/harness';
import { openAdvanced } from '../support/options-page';

/**
 * The options' number fields as a user edits them (issue #35, item 5): the last digit deleted
 * leaves the field empty, a new value typed is the one saved, and a value out of range is said
 * beside its field, naming the range, with nothing saved until it is fixed. In English and Spanish.
 */

async function openOptions(h: Harness, label: string): Promise<Page> {
  const options = await h.browser.newPage();
  await options.goto(h.worker.url().replace('background.js', 'options.html'));
  // The number settings are expert ones, behind "Advanced".
  await openAdvanced(options);
  await options.waitForSelector(`::-p-aria(${label})`);
  return options;
}
const storedBudget = (h: Harness) =>
  h.worker.evaluate(
    async () =>
      ((await chrome.storage.local.get('settings')).settings as { fragmentBudget?: number } | undefined)?.fragmentBudget,
  );
/** Every character of the field deleted with Backspace, as a user does, then `text` typed. */
async function retype(options: Page, label: string, text: string): Promise<void> {
  const field = (await options.waitForSelector(`::-p-aria(${label})`))!;
  await field.click();
  await options.keyboard.press('End');
  const length = await field.evaluate((el) => (el as HTMLInputElement).value.length);
  for (let i = 0; i < length; i++) await options.keyboard.press('Backspace');
  expect(await field.evaluate((el) => (el as HTMLInputElement).value)).toBe('');
  await field.type(text);
}
const status = (options: Page) => options.$eval('.settings [role="status"]', (el) => el.textContent);
/** What the browser's accessibility tree says describes the field. */
async function description(options: Page, label: string): Promise<string> {
  const field = (await options.waitForSelector(`::-p-aria(${label})`))!;
  return field.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

describe('number settings, in English', () => {
  let h: Harness;
  useHarness((x) => (h = x));

  it('8000 emptied and retyped as 6000 saves 6000; 86000 is refused beside its field, the 6000 kept', async () => {
    const options = await openOptions(h, 'Passage budget (tokens)');
    await retype(options, 'Passage budget (tokens)', '6000');
    expect(await options.$eval('#fragment-budget', (el) => (el as HTMLInputElement).value)).toBe('6000');
    await options.locator('::-p-aria(Save[role="button"])').click();
    await expect.poll(() => status(options)).toBe('Saved.');
    expect(await storedBudget(h)).toBe(6000);

    await retype(options, 'Passage budget (tokens)', '86000');
    await options.locator('::-p-aria(Save[role="button"])').click();
    await expect.poll(() => status(options)).toBe('Not saved: a field below needs a value within its range.');
    expect(await description(options, 'Passage budget (tokens)')).toBe('Enter a whole number from 1,000 to 60,000.');
    expect(await storedBudget(h)).toBe(6000);
    await options.close();
  });
});

describe('number settings, in Spanish', () => {
  let h: Harness;
  useHarness((x) => (h = x), { lang: 'es' });

  it('un valor fuera de rango se dice junto a su campo, y no se guarda', async () => {
    const options = await openOptions(h, 'Presupuesto de pasajes (tokens)');
    await retype(options, 'Presupuesto de pasajes (tokens)', '86000');
    await options.locator('::-p-aria(Guardar[role="button"])').click();
    await expect.poll(() => status(options)).toBe('No se guardó: un campo de abajo necesita un valor dentro de su rango.');
    expect(await description(options, 'Presupuesto de pasajes (tokens)')).toBe('Escribe un número entero de 1000 a 60.000.');
    expect(await storedBudget(h)).toBeUndefined();
    await retype(options, 'Presupuesto de pasajes (tokens)', '6000');
    await options.locator('::-p-aria(Guardar[role="button"])').click();
    await expect.poll(() => status(options)).toBe('Guardado.');
    expect(await storedBudget(h)).toBe(6000);
    await options.close();
  });
});
