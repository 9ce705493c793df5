/**
 * Finds words a screen would show that do not come from the catalogues: JSX text, string
 * literals in the attributes a user or a screen reader meets (aria-label, title, placeholder,
 * alt…), literals a JSX expression renders (`{x ? 'Yes' : 'No'}`), and literals assigned to
 * `textContent`/`title` or set as an `aria-label` from plain script. Read with TypeScript's own
 * parser, so layout, comments and code do not fool it.
 */
import ts from 'typescript';

/** Attributes whose value is read or heard by the user. */
const VISIBLE_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-placeholder',
  'aria-valuetext',
  'title',
  'placeholder',
  'alt',
  'label',
]);

/** Words: two letters in a row, in any script. Punctuation, symbols and numbers alone are not. */
const WORDS = /\p{L}{2}/u;

export interface VisibleString {
  file: string;
  line: number;
  text: string;
}

/** A literal whose value reaches the screen through `expr`'s result (not a comparison's operand, not a call's argument). */
function renderedLiterals(expr: ts.Expression): ts.Node[] {
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return [expr];
  if (ts.isTemplateExpression(expr)) return [expr.head, ...expr.templateSpans.map((s) => s.literal)];
  if (ts.isParenthesizedExpression(expr)) return renderedLiterals(expr.expression);
  if (ts.isConditionalExpression(expr)) return [...renderedLiterals(expr.whenTrue), ...renderedLiterals(expr.whenFalse)];
  if (ts.isBinaryExpression(expr)) {
    const op = expr.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return renderedLiterals(expr.right);
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.PlusToken) {
      return [...renderedLiterals(expr.left), ...renderedLiterals(expr.right)];
    }
  }
  return [];
}

function literalText(node: ts.Node): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) return node.text;
  if (ts.isJsxText(node)) return node.text;
  return '';
}

/** The user-visible strings of one source file that are written in the code instead of taken from a catalogue. */
export function visibleStrings(file: string, source: string): VisibleString[] {
  const sf = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: VisibleString[] = [];
  const report = (node: ts.Node) => {
    const text = literalText(node).trim();
    if (WORDS.test(text)) found.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, text });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) report(node);
    else if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(sf))) {
      const init = node.initializer;
      if (init && ts.isStringLiteral(init)) report(init);
      else if (init && ts.isJsxExpression(init) && init.expression) renderedLiterals(init.expression).forEach(report);
    } else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      renderedLiterals(node.expression).forEach(report);
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      ['textContent', 'innerText', 'title', 'placeholder'].includes(node.left.name.text)
    ) {
      renderedLiterals(node.right).forEach(report);
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'setAttribute' &&
      node.arguments.length === 2 &&
      ts.isStringLiteral(node.arguments[0]!) &&
      VISIBLE_ATTRIBUTES.has(node.arguments[0].text)
    ) {
      renderedLiterals(node.arguments[1]!).forEach(report);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}
