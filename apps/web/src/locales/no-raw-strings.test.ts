// The areas whose words live in i18next (issue 37) keep them there: no JSX text and no text
// attribute (label, title, placeholder…) with letters written straight into a component.
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>(
  [
    '../features/{inflows,portals,approvals,requests,commissions,products,projects}/**/*.tsx',
    '../features/{expenses,notifications,disbursements,payment-invitations,documents}/**/*.tsx',
    '!../features/**/*.test.tsx',
  ],
  { query: '?raw', import: 'default', eager: true },
);

/** Attributes that show words to a user. */
const TEXT_ATTRIBUTE =
  /^(label|placeholder|title|description|aria-label|alt|subtitle|text|message|error|\w+(Label|Text|Title|Placeholder|Message|Description))$/;
/** Text that may stay in the markup: it has letters but is not a word of the product. */
const ALLOWED = new Set<string>([]);

const hasLetters = (s: string) => /\p{L}/u.test(s) && !ALLOWED.has(s.trim());

/** The string literals an expression can evaluate to (through ?:, &&, || and ??). */
function valueLiterals(e: ts.Expression): (ts.StringLiteral | ts.NoSubstitutionTemplateLiteral)[] {
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return [e];
  if (ts.isParenthesizedExpression(e)) return valueLiterals(e.expression);
  if (ts.isConditionalExpression(e)) return [...valueLiterals(e.whenTrue), ...valueLiterals(e.whenFalse)];
  if (ts.isBinaryExpression(e)) {
    const op = e.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return valueLiterals(e.right);
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken)
      return [...valueLiterals(e.left), ...valueLiterals(e.right)];
  }
  return [];
}

/** Every raw text of a component source: JSX text, and strings shown as children or text attributes. */
function rawStrings(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const at = (n: ts.Node) => `${file}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;
  const visit = (n: ts.Node) => {
    if (ts.isJsxText(n) && hasLetters(n.text)) found.push(`${at(n)} ${n.text.trim()}`);
    if (ts.isJsxAttribute(n) && TEXT_ATTRIBUTE.test(n.name.getText(sf)) && n.initializer) {
      const init = n.initializer;
      const value = ts.isJsxExpression(init) ? init.expression : init;
      for (const literal of value ? valueLiterals(value) : [])
        if (hasLetters(literal.text)) found.push(`${at(n)} ${n.name.getText(sf)}="${literal.text}"`);
    }
    if (ts.isJsxExpression(n) && n.expression && (ts.isJsxElement(n.parent) || ts.isJsxFragment(n.parent)))
      for (const literal of valueLiterals(n.expression))
        if (hasLetters(literal.text)) found.push(`${at(n)} {'${literal.text}'}`);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

describe('i18n of the later areas', () => {
  it('scans every area it guards', () => {
    const areas = new Set(Object.keys(sources).map((f) => f.split('/')[2]));
    expect([...areas].sort()).toHaveLength(12);
  });

  it('finds raw JSX text, shown strings and text attributes (the scan itself)', () => {
    const sample = `export const A = () => <Stack><Text>Hello {name}</Text><TextInput label="Name" placeholder="08012345678" />
      <Button aria-label={'Close'}>{t('x')}</Button><Text>·</Text><Text>{ok ? 'Paid' : t('y')}{' '}</Text></Stack>;`;
    expect(rawStrings('sample.tsx', sample)).toEqual([
      'sample.tsx:1 Hello',
      'sample.tsx:1 label="Name"',
      'sample.tsx:2 aria-label="Close"',
      "sample.tsx:2 {'Paid'}",
    ]);
  });

  it('has no raw words in the components of the converted areas', () => {
    const raw = Object.entries(sources).flatMap(([file, source]) => rawStrings(file, source));
    expect(raw).toEqual([]);
  });
});
