// @vitest-environment happy-dom
/** Numbers, dates and plurals follow the catalogue the browser picked, English or Spanish, and so do the screens. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useCatalogue } from '@/tests/support/catalogue';
import { mount } from '@/tests/support/mount';
import { AskForm } from '@/components/popup/AskForm';
import { formatDate, formatDay, formatNumber, formatPercent, locale, plural } from '@/lib/shared/core/i18n';

// 14 March 2026, 15:30 in the test's own time zone.
const MOMENT = new Date(2026, 2, 14, 15, 30).getTime();

describe('formatting follows the catalogue in use', () => {
  afterEach(() => useCatalogue('en'));

  it('in English: 12,345.5, 25%, Mar 14, 2026', () => {
    expect(locale()).toBe('en');
    expect(formatNumber(12345.5)).toBe('12,345.5');
    expect(formatPercent(0.25)).toBe('25%');
    expect(formatDate(MOMENT)).toMatch(/^Mar 14, 2026.*3:30/);
    expect(formatDay('2026-03-14')).toBe('Mar 14, 2026');
    expect(plural('questionLimit', 4000)).toBe('Up to 4,000 characters.');
    expect(plural('tabsNotRead', 1)).toBe('1 tab was not read');
    expect(plural('tabsNotRead', 1200)).toBe('1,200 tabs were not read');
    // The backup's counts: "1 thread", never "1 threads".
    expect(plural('exported', 1)).toBe('Exported: 1 thread and your settings, to your downloads.');
    expect(plural('imported', 1, 0)).toBe('Imported: 1 thread added, 0 brought up to date.');
    expect(plural('imported', 2, 1)).toBe('Imported: 2 threads added, 1 brought up to date.');
    expect(plural('importPreview', 1, 0)).toMatch(/^This file adds 1 thread and brings 0 up to date\./);
    expect(plural('importLeftOut', 1, 500)).toMatch(/^The history keeps the last 500 threads: 1 thread, the oldest, would be/);
  });

  it('in Spanish: 12.345,5, 25 %, 14 mar 2026, whatever language the machine itself speaks', () => {
    useCatalogue('es');
    expect(locale()).toBe('es');
    expect(formatNumber(12345.5)).toBe('12.345,5');
    // Spanish groups digits from five on: 4000, but 12.345.
    expect(formatNumber(4000)).toBe('4000');
    expect(formatPercent(0.25)).toBe('25\u00a0%');
    expect(formatDate(MOMENT)).toMatch(/^14 mar 2026.*15:30/);
    expect(formatDay('2026-03-14')).toBe('14 mar 2026');
    expect(plural('questionTooLong', 14799, 4000)).toBe(
      'Tu pregunta tiene 14.799 caracteres; una pregunta puede tener 4000 como máximo. Acórtala para preguntar.',
    );
    expect(plural('tabsNotRead', 1)).toBe('1 pestaña no se leyó');
    expect(plural('tabsNotRead', 1200)).toBe('1200 pestañas no se leyeron');
    expect(plural('exported', 1)).toBe('Exportado: 1 hilo y tus ajustes, en tus descargas.');
    expect(plural('imported', 1, 1)).toBe('Importado: 1 hilo añadido; puestos al día: 1.');
    expect(plural('imported', 3, 0)).toBe('Importado: 3 hilos añadidos; puestos al día: 0.');
    expect(plural('importPreview', 1, 0)).toMatch(/^Este archivo añade 1 hilo y pone al día 0\./);
  });

  it('in Spanish, a screen shows its Spanish names and figures', () => {
    useCatalogue('es');
    const root = mount(
      <AskForm
        question={'¿por qué? '.repeat(500)}
        scope="tab"
        busy={false}
        onQuestion={vi.fn()}
        onScope={vi.fn()}
        onAsk={vi.fn()}
      />,
    );
    expect(root.querySelector('label[for="question"]')!.textContent).toBe('Pregunta');
    expect(root.querySelector('button[type="submit"]')!.textContent).toBe('Preguntar');
    expect([...root.querySelectorAll('fieldset label')].map((l) => l.textContent!.trim())).toEqual([
      'Esta pestaña',
      'Todas las pestañas de esta ventana',
      'Elegir pestañas',
    ]);
    expect(root.querySelector('[role="alert"]')!.textContent).toBe(
      'Tu pregunta tiene 4999 caracteres; una pregunta puede tener 4000 como máximo. Acórtala para preguntar.',
    );
  });
});
