/**
 * What a question asks of the pages, beyond its words: an overview of them (summarise, TL;DR,
 * key points, what is this about), a comparison between them (compare, differences, which is
 * cheaper, pros and cons), or a lookup of a fact (everything else). The fragments sent depend on
 * it (lib/worker/rank/choose.ts): an overview needs each page spread out, a comparison needs every tab,
 * a lookup needs the passages that hold the question's words.
 *
 * A small list of cues per intent in each of the languages the extension is tested in (English,
 * Spanish, German, French, Portuguese, Italian, Chinese, Japanese), matched on folded text (case,
 * accents and full-width forms forgiven). A cue is a phrase, not a lone common word: "What is the
 * capital of France?" starts like "What is this page about?" and is still a lookup.
 */
import { foldForSearch } from './tokenize';

export type Intent = 'overview' | 'comparison' | 'lookup';

/** Word boundaries for the spaced scripts; CJK cues match anywhere. */
const W = (body: string) => new RegExp(`(?<![\\p{L}\\p{N}])(?:${body})(?![\\p{L}\\p{N}])`, 'gu');
const C = (body: string) => new RegExp(`(?:${body})`, 'gu');

// Written folded: lower case, no accents ("resume" matches "résumé" and "Resume").
const THIS_PAGE =
  '(?:this|the|that|these|those|my|all (?:the |these |my )?)\\s*(?:page|article|text|site|document|post|tab|story|paper|piece|essay|report|video)s?';
const OVERVIEW: RegExp[] = [
  // English
  W(
    [
      'summar(?:y|ies|ise|ize|ising|izing)',
      'sum (?:it |this |that )?up',
      'tl ?;? ?dr',
      '(?:key|main|major|central|important) (?:points?|ideas?|takeaways?|arguments?|messages?|themes?|findings?|claims?|facts)',
      'takeaways?',
      'gist',
      'overview',
      'in a nutshell',
      "what(?:'s| is| are)? (?:it|this|that|they|these|those|" + THIS_PAGE + ') (?:all )?about',
      "what(?:'s| is) " + THIS_PAGE + ' (?:saying|arguing)',
      '(?:explain|describe|outline) ' + THIS_PAGE,
      'brief(?:ly)? (?:me|explain|describe)',
      // What to know before going, reading…: the whole of it, unless it names what ("… know about X").
      'what (?:should|do|must|would) (?:i|we|you|one) (?:need to |have to )?know(?!\\s+(?:about|of|regarding|on))',
    ].join('|'),
  ),
  // Spanish
  W(
    [
      '^\\W*(?:por favor,? )?resum\\p{L}*',
      'resum(?:e|a|ir|ela|elo|eme|ame)\\s+(?:esta|este|la|el|lo|los|las|en)',
      'resumen',
      'de que (?:trata|va|habla)',
      'sobre que (?:trata|es)',
      'puntos (?:clave|principales|importantes)',
      'ideas? (?:principal|principales|clave)',
      'argumento principal',
      'en pocas palabras',
      'sintesis|sintetiza',
      'explica(?:me)? (?:esta|la) (?:pagina|articulo|texto)',
      'que (?:debo|debemos|deberia|necesito|hay que|tengo que|conviene) saber(?!\\s+(?:sobre|de|del|acerca|en cuanto))',
    ].join('|'),
  ),
  // German
  W(
    [
      'zusammenfass\\p{L}*',
      'fass\\p{L}* .{0,40}zusammen',
      'worum geht',
      'wovon handelt',
      '(?:kern|haupt)(?:punkte|aussagen?|gedanken?|thesen?|argument)',
      '(?:wichtigsten|zentralen) (?:punkte|aussagen|gedanken|thesen)',
      'das wichtigste',
      'uberblick',
      'kurzfassung',
      'erklar\\p{L}* (?:diese|die) (?:seite|artikel|text)',
      'was (?:sollte|muss|soll|sollten|mussen) (?:ich|man|wir) (?:(?!uber\\s)\\p{L}+\\s){0,4}wissen',
    ].join('|'),
  ),
  // French
  W(
    [
      '^\\W*resum\\p{L}*',
      'resum(?:e|er|ez|ons)\\s+(?:cette|ce|cet|la|le|les|moi|nous)',
      'un resume',
      'de quoi (?:parle|traite|s.agit)',
      'points? (?:cles?|principaux|essentiels?)',
      'idees? (?:principales?|cles?)',
      "l'essentiel",
      'en bref',
      'synthese',
      'apercu',
      'argument principal',
      '(?:explique|expliquez)(?:-moi)? (?:cette|la) (?:page|article|texte)',
      "(?:que|qu'est-ce que) (?:dois-je|je dois|faut-il|il faut) savoir(?!\\s+(?:sur|de|du|des|a propos))",
    ].join('|'),
  ),
  // Portuguese
  W(
    [
      'resum(?:a|ir|e)\\s+(?:esta|este|a|o|isto|isso|me)',
      'resumo',
      'do que (?:se )?trata',
      'sobre o que (?:e|fala|trata)',
      'pontos(?:-| )(?:chave|principais|importantes)',
      'ideias? (?:principal|principais|centrais?)',
      'em poucas palavras',
      'visao geral',
      'explique (?:esta|a) (?:pagina|artigo|texto)',
      'o que (?:eu )?(?:devo|preciso|deveria|e preciso) saber(?!\\s+(?:sobre|de|do|da|dos|das))',
    ].join('|'),
  ),
  // Italian
  W(
    [
      'riassum\\p{L}*',
      'riassunto',
      'riepilog\\p{L}*',
      'di (?:cosa|che cosa) (?:parla|tratta)',
      'punti (?:chiave|principali|salienti)',
      'idea principale|idee principali',
      'in breve',
      'sintesi',
      'panoramica',
      'spiega(?:mi)? (?:questa|la) (?:pagina|articolo|testo)',
      '(?:cosa|che cosa) (?:devo|dovrei|bisogna|occorre) sapere(?!\\s+(?:su|sul|sulla|sui|di|del|della))',
    ].join('|'),
  ),
  // Chinese (simplified and traditional)
  C(
    '总结|總結|概括|摘要|概述|要点|要點|重点|重點|主要内容|主要內容|主旨|大意|讲了什么|講了什麼|说了什么|說了什麼|讲什么|講什麼|关于什么|關於什麼|是关于|是關於',
  ),
  // Japanese
  C('要約|まとめ|要点|概要|何について|主な内容|主旨|ポイントは|何が書いて|について教えて'),
];

const COMPARISON: RegExp[] = [
  // English
  W(
    [
      'compar(?:e|es|ed|ing|ison|isons)',
      'versus|vs\\.?',
      'differences?',
      'differ',
      'contrast',
      'similarit(?:y|ies)',
      'pros and cons',
      'advantages and disadvantages',
      'side by side',
      '(?:better|cheaper|worse|more expensive|less expensive) than',
      'which (?:\\p{L}+ )?(?:is|are|one is|has|offers) (?:the )?(?:better|best|cheaper|cheapest|faster|fastest|worse|worst|safer|more|less)',
      'which (?:one|of (?:them|these|the two))',
    ].join('|'),
  ),
  // Spanish
  W(
    [
      'compar(?:a|ar|ame|acion|aciones|ativa)',
      'diferencias?',
      'se diferencian',
      'ventajas y desventajas|pros y contras',
      'similitudes',
      'mejor que|peor que|mas barato que|mas caro que',
      'cual (?:\\p{L}+ )?(?:es|son) (?:el |la |los |las )?(?:mejor|mejores|peor|mas barat\\p{L}*|mas car\\p{L}*|mas rapid\\p{L}*)',
      'versus',
    ].join('|'),
  ),
  // German
  W(
    [
      'vergleich\\p{L}*|vergleiche',
      'unterschied\\p{L}*|unterscheiden',
      'vor- und nachteile|vor und nachteile',
      'gemeinsamkeiten',
      '(?:besser|schlechter|billiger|gunstiger|teurer|schneller) als',
      'welche[rs]? (?:\\p{L}+ )?(?:ist|sind) (?:besser|billiger|gunstiger|schneller|am besten|am gunstigsten)',
    ].join('|'),
  ),
  // French
  W(
    [
      'compar(?:e|er|ez|aison|aisons|atif)',
      'differences?',
      'avantages et (?:les )?inconvenients',
      'le pour et le contre',
      'similitudes|points communs',
      '(?:meilleur|meilleure|pire|moins cher|plus cher|plus rapide) que',
      '(?:lequel|laquelle|lesquels) (?:est|sont)',
    ].join('|'),
  ),
  // Portuguese
  W(
    [
      'compar(?:e|ar|acao|acoes|ativo)',
      'diferencas?',
      'vantagens e desvantagens|pros e contras',
      'semelhancas',
      'melhor (?:do )?que|pior (?:do )?que|mais barato (?:do )?que',
      'qual (?:\\p{L}+ )?(?:e|sao) (?:o |a )?(?:melhor|pior|mais barat\\p{L}*|mais car\\p{L}*)',
    ].join('|'),
  ),
  // Italian
  W(
    [
      'confront(?:a|are|o|ami)',
      'paragon(?:a|are|e)',
      'differenz[ae]',
      'vantaggi e svantaggi|pro e contro',
      'somiglianze',
      'meglio di|migliore di|peggio di|piu economico di',
      'qual(?:e)? (?:\\p{L}+ )?(?:e|sono) (?:il |la )?(?:migliore|meglio|peggiore|piu economic\\p{L}*)',
    ].join('|'),
  ),
  // Chinese
  C(
    '比较|比較|对比|對比|区别|區別|差异|差異|不同之处|不同之處|有何不同|有什么不同|有什麼不同|哪个更|哪個更|哪一个更|哪一個更|优缺点|優缺點|优劣|優劣|相比|异同|異同',
  ),
  // Japanese
  C('比較|比べ|違い|どちらが|どっちが|長所と短所|メリットとデメリット|相違|共通点'),
];

/** Where each cue matched in the folded question: what the ranking should not look for. */
function cueSpans(folded: string, cues: RegExp[]): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const re of cues) for (const m of folded.matchAll(re)) spans.push([m.index, m.index + m[0].length]);
  return spans;
}

/**
 * The intent of a question. A comparison cue wins over an overview cue ("summarise the
 * differences between these tabs" must see every tab); no cue, a lookup.
 */
export function classifyIntent(question: string): Intent {
  return intentOfFolded(foldForSearch(question));
}

/** `classifyIntent` of a question already folded. */
export function intentOfFolded(folded: string): Intent {
  if (cueSpans(folded, COMPARISON).length > 0) return 'comparison';
  if (cueSpans(folded, OVERVIEW).length > 0) return 'overview';
  return 'lookup';
}

/**
 * The question without its intent's cues ("Compare the battery life" → "the battery life"):
 * the words to rank on. Folded, since the cues are found in folded text; ranking folds anyway.
 */
export function withoutCues(question: string): string {
  return cuesRemoved(foldForSearch(question));
}

/** `withoutCues` of a question already folded. */
export function cuesRemoved(folded: string): string {
  const chars = [...folded.matchAll(/./gsu)].map((m) => ({ at: m.index, ch: m[0] }));
  const spans = [...cueSpans(folded, COMPARISON), ...cueSpans(folded, OVERVIEW)];
  return chars.map(({ at, ch }) => (spans.some(([from, to]) => at >= from && at < to) ? ' ' : ch)).join('');
}

/**
 * Words that point back at the conversation rather than name something in the pages: "Tell me
 * more about that.", "¿Y eso?", "Erzähl mir mehr darüber", "更多细节". Folded. A follow-up made only
 * of these (and of short words, and of words the thread already used) names nothing new.
 */
const REFERRING = new Set(
  [
    // English
    'tell more about that this these those them they their there here what which when where who why how please explain elaborate detail details expand continue further else again also other could would should with from does some example examples mean means meant said says really keep going more',
    // Spanish
    'cuentame dime decir mas sobre eso esto esa ese esas esos ella explica explicame detalles detalle ejemplo ejemplos favor puedes podrias otra otro otros tambien como porque cuando donde quien significa dicho',
    // German
    'erzahl erzahle erzahlen sag sage mehr daruber dazu davon diese dieser dieses bitte genauer erklare erklaren details warum wieso weshalb noch etwas beispiel beispiele bedeutet kannst konntest uber',
    // French
    'dites dis moi plus cela ceci explique expliquez davantage details detail pourquoi encore exemple exemples autre comment quoi signifie peux pourrais parle parlez',
    // Portuguese
    'conte conta diga mais sobre isso isto explique explica detalhes exemplo exemplos porque tambem outra outro significa pode poderia fale',
    // Italian
    'dimmi raccontami parlami piu questo quello questa quella spiega spiegami dettagli perche ancora esempio esempi altro altra significa puoi potresti',
  ]
    .join(' ')
    .split(' '),
);
/** The same for Chinese and Japanese, removed as substrings (their words have no spaces). */
const REFERRING_CJK = [
  // Chinese
  '为什么',
  '為什麼',
  '什么',
  '什麼',
  '更多',
  '多说',
  '多說',
  '详细',
  '詳細',
  '这个',
  '這個',
  '那个',
  '那個',
  '说说',
  '說說',
  '解释',
  '解釋',
  '一点',
  '一點',
  '一下',
  '介绍',
  '介紹',
  '告诉',
  '告訴',
  '关于',
  '關於',
  '请',
  '請',
  '再',
  '呢',
  '吗',
  '嗎',
  '它',
  '这',
  '這',
  '那',
  '我',
  '些',
  '还',
  '還',
  '有',
  // Japanese
  'もっと',
  '詳しく',
  'くわしく',
  'それ',
  'これ',
  'あれ',
  '教えて',
  'について',
  '説明',
  'して',
  'ください',
  'なぜ',
  'どういう',
  '意味',
  'ですか',
].sort((a, b) => b.length - a.length);

const HAN_OR_KATAKANA = /[\p{Script=Han}\p{Script=Katakana}]/gu;
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30FC]/u;

/** What the follow-up test needs of a question read once (lib/worker/rank/question.ts). */
export interface Said {
  folded: string;
  cueFreeWords: readonly string[];
}

/**
 * True when a follow-up names nothing that the thread has not (the `earlier` questions): its
 * words are cues of its intent, words pointing back ("that", "eso", "darüber"), short words, or
 * words of the earlier questions. Such a follow-up is ranked on the earlier question's words.
 */
export function namesNothingNew(question: Said, earlier: readonly Said[]): boolean {
  const before = new Set(earlier.flatMap((q) => q.cueFreeWords));
  const beforeText = earlier.map((q) => q.folded).join(' ');
  let cjk = '';
  for (const w of question.cueFreeWords) {
    if (CJK_RUN.test(w)) {
      cjk += w;
      continue;
    }
    if (/^\p{N}/u.test(w)) {
      if (!before.has(w)) return false;
      continue;
    }
    if ([...w].length < 4 || REFERRING.has(w) || before.has(w)) continue;
    return false;
  }
  for (const r of REFERRING_CJK) cjk = cjk.split(r).join('');
  // Two characters of Han or katakana that the thread has not used name something.
  const named = (cjk.match(HAN_OR_KATAKANA) ?? []).filter((ch) => !beforeText.includes(ch));
  if (named.length >= 2) return false;
  return true;
}
