/**
 * What a question names by its words, for the key-less search (lib/worker/rank/keyless-search.ts):
 * the words that point at something in particular (a number, a name, a rare word), as against the
 * general words any question about a page is made of ("what does this say", "¿de qué habla?",
 * "is this worth reading?"). A question made of general words alone names nothing to search for:
 * the search says so and sends the user to a model, rather than showing passages that merely share
 * a word with it.
 *
 * Language-independent rules first (digits, a capital inside the sentence, length), then a short
 * list of general words of the languages the extension is tested in, for the long ones. The list
 * decides only that message, never a refusal: what refuses a question without a call is evidence
 * that something it names is absent (lib/worker/rank/named.ts). A language the list does not hold
 * is searched as before.
 */
import { questionWords } from './tokenize';

/**
 * General words of four letters or more: asking, saying, showing, pages and places, and judging
 * them (worth, trust, important), in English, Spanish, German, French, Portuguese and Italian
 * (folded: lower case, no accents). Shorter words are general in every language with spaces.
 */
const GENERAL = new Set(
  [
    // English
    'what whats which where when does quien quienes cual cuales cuanto cuantos cuanta porque warum wieso welche welcher welches quel quelle quels quelles pourquoi comment quem qual quais quando onde como quale quali perche dove doing done there here these those this that about tell tells told show shows ' +
      'says said saying write written writes wrote mean means meant talk talks talking discuss discussed discusses ' +
      'describe described mention mentioned mentions explain explained explains cover covers covered contain contains ' +
      'page pages text texts article articles site sites website document documents tab tabs open thing things stuff ' +
      'please could would should something anything everything inside there their they them have else more info ' +
      'information content contents topic topics subject read reading know anyone somebody someone other others ' +
      'worth trust trustworthy reliable credible bother good catch short version important matter matters point points ' +
      'takeaway conclusion recommend useful opinion think biased accurate true valuable quality interesting really',
    // Spanish
    'dice dicen decir habla hablan hablar trata tratan tratar pone ponen explica explican explicar menciona mencionan ' +
      'cuenta cuentan contar escrito escribe describe describen aqui esto esta este estos estas pagina paginas texto ' +
      'textos articulo articulos sitio documento documentos pestana pestanas cosa cosas algo todo sobre donde cuando ' +
      'puedes podrias decirme dime contenido tema temas informacion vale pena fiable confiable creible merece importante ' +
      'recomiendas recomendarias conclusion util interesante leerlo leer sirve',
    // German
    'sagt sagen steht stehen schreibt geschrieben erklart erklaren beschreibt erwahnt geht handelt darin darauf hier ' +
      'diese dieser dieses seite seiten artikel dokument dokumente inhalt thema etwas alles worum woruber kannst ' +
      'bitte erzahl erzahle wichtig wichtige wichtigste lohnt lekture lesen glaubwurdig vertrauenswurdig serios fazit taugt ' +
      'lesenswert nutzlich kernaussage',
    // French
    'quoi dit disent dire parle parlent parler raconte racontent explique expliquent decrit mentionne ecrit cette ' +
      'celle ceci cela page pages texte textes article articles document documents onglet onglets chose choses contenu ' +
      'sujet peux pourrais dis-moi vaut peine fiable retenir serieux important importante credible utile interessant lire',
    // Portuguese
    'diz dizem dizer fala falam falar conta contam explica explicam descreve menciona escrito esta este isto isso aqui ' +
      'pagina paginas texto artigo artigos documento documentos aba abas coisa coisas conteudo assunto sobre vale pena ' +
      'confiavel conclusao importante',
    // Italian
    'dice dicono dire parla parlano racconta spiega spiegano descrive menziona scritto questa questo questi qui ' +
      'pagina pagine testo articolo articoli documento documenti scheda schede cosa cose contenuto argomento vale pena ' +
      'leggerlo leggere affidabile succo importante conclusione utile',
  ]
    .join(' ')
    .split(/\s+/),
);

/** Chinese and Japanese words that ask in general (folded as the tokenizer folds them). */
const GENERAL_CJK = [
  '什么',
  '什麼',
  '这',
  '這',
  '那',
  '里',
  '裡',
  '写',
  '寫',
  '说',
  '說',
  '讲',
  '講',
  '页面',
  '頁面',
  '文章',
  '内容',
  '內容',
  '告诉',
  '告訴',
  '我',
  '了',
  '的',
  '是',
  '在',
  '有',
  '关于',
  '關於',
  '主要',
  '吗',
  '嗎',
  '呢',
  '些',
  '何',
  '值得',
  '一读',
  '一下',
  '可信',
  '重要',
  'ここ',
  'これ',
  'それ',
  'この',
  'ページ',
  '書',
  'いて',
  'あり',
  'ます',
  'ですか',
  'について',
  '教えて',
  '価値',
  '信頼',
  'でき',
  '読む',
  '内容',
  'か',
  'に',
  'は',
  'が',
  'を',
  'て',
  'の',
].sort((a, b) => b.length - a.length);

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\u30FC]/u;
const NAME = /(?<![\p{L}\p{M}\p{N}])\p{Lu}[\p{L}\p{M}'’.-]*/gu;
const SENTENCE_START = /(?:^|[.!?¿¡:;]\s*|["“«(]\s*)$/u;

/** The words of `question` that name something in particular, folded as the ranking folds them. */
export function specificWords(question: string): string[] {
  const out = new Set<string>();
  // A capitalised word that does not start a sentence is a name ("When did Tesla…", "¿Quién es Ana?"),
  // but not the English "I".
  for (const m of question.matchAll(NAME)) {
    if (SENTENCE_START.test(question.slice(0, m.index))) continue;
    for (const w of questionWords(m[0])) if ([...w].length > 1 && !GENERAL.has(w)) out.add(w);
  }
  for (const w of questionWords(question)) {
    if (/\p{N}/u.test(w)) out.add(w);
    else if (CJK.test(w)) {
      let rest = w;
      for (const g of GENERAL_CJK) rest = rest.split(g).join(' ');
      for (const part of rest.split(' ')) if ([...part].length >= 2) out.add(part);
    } else if ([...w].length >= 5 && !GENERAL.has(w)) out.add(w);
  }
  return [...out];
}
