import { describe, expect, it } from 'vitest';
import { classifyIntent, namesNothingNew, withoutCues } from './intent';
import { readQuestion } from './question';

const overview: Record<string, string[]> = {
  en: [
    'Summarise it',
    'TL;DR',
    'What are the key points?',
    'What is this page about?',
    "What's this about?",
    'Give me an overview',
    'Can you sum this up?',
    'What is the main argument of the article?',
    'Explain this page',
    'What should I know before visiting Harbour Town?',
  ],
  es: [
    '¿De qué trata esta página?',
    'Resume esta página',
    'Resumen, por favor',
    '¿Cuáles son los puntos clave?',
    'Dame las ideas principales',
    'Explícame este artículo en pocas palabras',
    '¿Qué debo saber antes de visitar Harbour Town?',
  ],
  de: [
    'Fasse die Seite zusammen',
    'Zusammenfassung bitte',
    'Worum geht es hier?',
    'Was sind die wichtigsten Punkte?',
    'Gib mir einen Überblick',
    'Was sind die Kernaussagen?',
    'Was sollte ich vor dem Besuch wissen?',
  ],
  fr: [
    'Résume cette page',
    'De quoi parle cet article ?',
    'Quels sont les points clés ?',
    "Donne-moi l'essentiel",
    'Fais un résumé',
    'Quelles sont les idées principales ?',
    'Que dois-je savoir avant de partir ?',
  ],
  pt: [
    'Resuma esta página',
    'Do que se trata este artigo?',
    'Quais são os pontos principais?',
    'Um resumo, por favor',
    'Sobre o que é esta página?',
    'Dê-me uma visão geral',
    'O que devo saber antes de visitar?',
  ],
  it: [
    'Riassumi questa pagina',
    'Di cosa parla questo articolo?',
    'Quali sono i punti chiave?',
    'Fammi un riassunto',
    'Dammi una panoramica',
    'In breve?',
    'Cosa devo sapere prima di partire?',
  ],
  zh: ['总结一下这个页面', '这篇文章讲了什么？', '要点是什么？', '概括一下', '這篇文章的重點是什麼？', '主要内容是什么'],
  ja: ['このページを要約して', '要点は何ですか？', 'この記事は何についてですか？', 'まとめてください', '概要を教えて'],
};

const comparison: Record<string, string[]> = {
  en: [
    'Compare these tabs',
    'What are the differences between them?',
    'Which is cheaper?',
    'Which one is better for beginners?',
    'Pros and cons of each',
    'iPhone vs Pixel',
    'How do they differ?',
  ],
  es: [
    'Compara estas páginas',
    '¿Cuáles son las diferencias?',
    '¿Cuál es más barato?',
    'Ventajas y desventajas de cada uno',
    '¿En qué se diferencian?',
  ],
  de: [
    'Vergleiche diese Seiten',
    'Was sind die Unterschiede?',
    'Welches ist günstiger?',
    'Vor- und Nachteile bitte',
    'Ist A besser als B?',
  ],
  fr: [
    'Compare ces pages',
    'Quelles sont les différences ?',
    'Lequel est le moins cher ?',
    'Avantages et inconvénients de chacun',
    'Est-ce meilleur que l’autre ?',
  ],
  pt: [
    'Compare estas páginas',
    'Quais são as diferenças?',
    'Qual é o mais barato?',
    'Prós e contras de cada um',
    'Vantagens e desvantagens',
  ],
  it: [
    'Confronta queste pagine',
    'Quali sono le differenze?',
    'Qual è il migliore?',
    'Pro e contro di ciascuno',
    'Vantaggi e svantaggi',
  ],
  zh: ['比较这几个页面', '它们有什么区别？', '哪个更便宜？', '各自的优缺点是什么', '两者有何不同'],
  ja: ['これらのページを比較して', '違いは何ですか？', 'どちらが安いですか？', 'メリットとデメリットは？'],
};

const lookup: Record<string, string[]> = {
  en: [
    'What is the capital of France?',
    'What is the main river of Warsaw?',
    'When did play resume after the storm?',
    'Who wrote the Declaration of Independence?',
    'How many interceptions did Josh Norman have?',
    'What is it made of?',
    'What should I know about the ferry times?',
  ],
  es: [
    '¿Cuál es la capital de Francia?',
    '¿Qué es la fotosíntesis?',
    '¿Cuántos balones interceptó Josh Norman?',
    '¿Cuál es la población de Madrid?',
    '¿Qué debo saber sobre el horario del ferry?',
  ],
  de: [
    'Was sollte ich über die Fähre wissen?',
    'Was ist die Hauptstadt von Frankreich?',
    'Wann wurde die Mauer gebaut?',
    'Wie viele Einwohner hat Berlin?',
  ],
  fr: [
    'Que dois-je savoir sur le ferry ?',
    'Quelle est la capitale de la France ?',
    'Qui a écrit Les Misérables ?',
    'Combien coûte le billet ?',
  ],
  pt: [
    'O que devo saber sobre a balsa?',
    'Qual é a capital da França?',
    'Quem descobriu o Brasil?',
    'Quando foi fundada a cidade?',
  ],
  it: [
    'Cosa devo sapere sul traghetto?',
    'Qual è la capitale della Francia?',
    'Chi ha dipinto la Gioconda?',
    'Quanto costa il biglietto?',
  ],
  zh: ['法国的首都是哪里？', '谁写了红楼梦？', '门票多少钱？'],
  ja: ['フランスの首都はどこですか？', '誰がこの本を書きましたか？', 'チケットはいくらですか？'],
};

describe('classifyIntent', () => {
  for (const [lang, qs] of Object.entries(overview)) {
    it(`reads overview questions in ${lang}`, () => {
      for (const q of qs) expect([q, classifyIntent(q)]).toEqual([q, 'overview']);
    });
  }
  for (const [lang, qs] of Object.entries(comparison)) {
    it(`reads comparison questions in ${lang}`, () => {
      for (const q of qs) expect([q, classifyIntent(q)]).toEqual([q, 'comparison']);
    });
  }
  for (const [lang, qs] of Object.entries(lookup)) {
    it(`leaves lookups that only start like an overview or a comparison as lookups in ${lang}`, () => {
      for (const q of qs) expect([q, classifyIntent(q)]).toEqual([q, 'lookup']);
    });
  }

  it('takes a comparison cue over an overview cue', () => {
    expect(classifyIntent('Summarise the differences between these laptops')).toBe('comparison');
  });
});

describe('withoutCues', () => {
  it('keeps the words to rank on, without the cue', () => {
    expect(withoutCues('Compare the battery life').trim()).toBe('the battery life');
    expect(withoutCues('¿Cuál es más barato, el tren o el autobús?')).toContain('el tren o el autobus');
  });
});

describe('namesNothingNew', () => {
  const earlier = ['When does the City Museum open?'];
  it('is true for a follow-up that only points back, in several languages', () => {
    for (const q of [
      'Tell me more about that.',
      'Tell me more',
      '¿Y eso?',
      'Cuéntame más sobre eso',
      'Erzähl mir mehr darüber',
      'Dis-moi plus',
      'Conte mais sobre isso',
      'Dimmi di più',
      '再多说一点',
      'それについてもっと詳しく教えて',
      'Why?',
      'And the museum?',
    ]) {
      expect([q, namesNothingNew(readQuestion(q), earlier.map(readQuestion))]).toEqual([q, true]);
    }
  });

  it('is false for a follow-up that names something new', () => {
    for (const q of [
      'And how much are tickets?',
      '¿Y cuánto cuestan las entradas?',
      'Und die Eintrittspreise?',
      'What about 1990?',
      '门票多少钱？',
      'チケットはいくらですか？',
    ]) {
      expect([q, namesNothingNew(readQuestion(q), earlier.map(readQuestion))]).toEqual([q, false]);
    }
  });
});
