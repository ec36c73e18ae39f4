// Every area's words live in i18next (issue 37) and stay there: no JSX text, no text attribute
// (label, title, placeholder…) and no toast with letters written straight into a component. The
// public site (features/marketing) keeps its copy in its components.
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>(
  ['../features/**/*.tsx', '!../features/marketing/**', '!../features/**/*.test.tsx'],
  { query: '?raw', import: 'default', eager: true },
);
/** The modules beside the components (label records, column lists, tour steps). */
const modules = import.meta.glob<string>(
  ['../features/**/*.ts', '!../features/marketing/**', '!../features/**/*.test.ts'],
  { query: '?raw', import: 'default', eager: true },
);
/** Every feature area with a component (the scan must reach each of them but marketing). */
const allAreas = Object.keys(import.meta.glob('../features/*/**/*.tsx')).map((f) => f.split('/')[2]);

/** Attributes that show words to a user. */
const TEXT_ATTRIBUTE =
  /^(label|placeholder|title|description|aria-label|alt|subtitle|text|message|error|\w+(Label|Text|Title|Placeholder|Message|Description))$/;
/** Object properties whose value a user reads: `{ label: 'Paid' }`, a column's header, a step's title. */
const TEXT_PROPERTY = /^(label|header|title|placeholder|description|hint)$/;
/** Calls whose string argument a user reads (lib/toast.tsx). */
const TOASTS = new Set(['toastSuccess', 'toastError']);
/** Text that may stay in the markup: it has letters but is not a word of the product. */
const ALLOWED = new Set<string>([]);

const hasLetters = (s: string) => /\p{L}/u.test(s) && !ALLOWED.has(s.trim());
/** A word rather than a code: a property may hold 'NGN', 'PDF' or an API status as it is shown. */
const hasWords = (s: string) => /\p{Ll}/u.test(s) && !ALLOWED.has(s.trim());

type Literal = ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression;
/** The text a literal writes itself (a template's parts between its `${…}`). */
const textOf = (l: Literal) =>
  ts.isTemplateExpression(l) ? l.head.text + l.templateSpans.map((s) => s.literal.text).join(' ') : l.text;

/** The string literals and templates an expression can evaluate to (through ?:, &&, || and ??). */
function valueLiterals(e: ts.Expression): Literal[] {
  if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isTemplateExpression(e))
    return [e];
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
  const sf = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const at = (n: ts.Node) => `${file}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;
  const visit = (n: ts.Node) => {
    if (ts.isJsxText(n) && hasLetters(n.text)) found.push(`${at(n)} ${n.text.trim()}`);
    if (ts.isJsxAttribute(n) && TEXT_ATTRIBUTE.test(n.name.getText(sf)) && n.initializer) {
      const init = n.initializer;
      const value = ts.isJsxExpression(init) ? init.expression : init;
      for (const literal of value ? valueLiterals(value) : [])
        if (hasLetters(textOf(literal))) found.push(`${at(n)} ${n.name.getText(sf)}="${textOf(literal)}"`);
    }
    if (ts.isJsxExpression(n) && n.expression && (ts.isJsxElement(n.parent) || ts.isJsxFragment(n.parent)))
      for (const literal of valueLiterals(n.expression))
        if (hasLetters(textOf(literal))) found.push(`${at(n)} {'${textOf(literal)}'}`);
    if (ts.isPropertyAssignment(n) && TEXT_PROPERTY.test(n.name.getText(sf)))
      for (const literal of valueLiterals(n.initializer))
        if (hasWords(textOf(literal))) found.push(`${at(n)} ${n.name.getText(sf)}: '${textOf(literal)}'`);
    if (
      ts.isCallExpression(n) &&
      ts.isIdentifier(n.expression) &&
      TOASTS.has(n.expression.text) &&
      n.arguments[0]
    )
      for (const literal of valueLiterals(n.arguments[0]))
        if (hasLetters(textOf(literal))) found.push(`${at(n)} ${n.expression.text}('${textOf(literal)}')`);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

describe('i18n of every signed-in area', () => {
  it('scans every area but the public site', () => {
    const areas = new Set(Object.keys(sources).map((f) => f.split('/')[2]));
    const expected = new Set(allAreas.filter((a) => a !== 'marketing'));
    expect(expected.size).toBeGreaterThanOrEqual(30);
    expect([...areas].sort()).toEqual([...expected].sort());
  });

  it('finds raw JSX text, shown strings and text attributes (the scan itself)', () => {
    const sample = `export const A = () => <Stack><Text>Hello {name}</Text><TextInput label="Name" placeholder="08012345678" />
      <Button aria-label={'Close'}>{t('x')}</Button><Text>·</Text><Text>{ok ? 'Paid' : t('y')}{' '}</Text>
      <Text title={\`\${n} left\`}>{\`\${a} · \${b}\`}</Text></Stack>;
    const done = () => { toastSuccess('Saved'); toastError(e.message); toastSuccess(t('z')); };
    const TABS = [{ key: 'all', title: 'All' }, { value: 'NGN', label: 'NGN' }, { header: t('h'), label: \`Saved \${c}\` }];`;
    expect(rawStrings('sample.tsx', sample)).toEqual([
      'sample.tsx:1 Hello',
      'sample.tsx:1 label="Name"',
      'sample.tsx:2 aria-label="Close"',
      "sample.tsx:2 {'Paid'}",
      'sample.tsx:3 title=" left"',
      "sample.tsx:4 toastSuccess('Saved')",
      "sample.tsx:5 title: 'All'",
      "sample.tsx:5 label: 'Saved '",
    ]);
  });

  it('has no raw words in the components of any area but the public site', () => {
    const raw = Object.entries({ ...sources, ...modules }).flatMap(([file, source]) =>
      rawStrings(file, source),
    );
    expect(raw).toEqual([]);
  });
});

/** Every English translation, as `<namespace>:<dotted key>` → text. */
const locales = import.meta.glob<Record<string, unknown>>('./en/*.json', { import: 'default', eager: true });
function leaves(o: Record<string, unknown>, prefix: string): [string, string][] {
  return Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'string'
      ? [[`${prefix}${k}`, v] as [string, string]]
      : leaves(v as Record<string, unknown>, `${prefix}${k}.`),
  );
}
/** Not `messages`: the contract's own texts, word for word (contract-messages.test.ts). */
const translations = Object.entries(locales)
  .filter(([file]) => !file.endsWith('/messages.json'))
  .flatMap(([file, json]) => leaves(json, `${file.replace(/^.*\/|\.json$/g, '')}:`));

/** A key named as a piece of a sentence (`x.before` <Anchor/> `x.after`): one `<Trans>` key instead. */
const PIECE_KEY = /(before|after|lead|tail|prefix|suffix)(_one|_other)?$/i;
/** Whole sentences whose key happens to end so ("A commission matures only after…"). */
const WHOLE_SENTENCE_KEYS = new Set(['commissions:commissionSettingsModal.aCommissionMaturesOnlyAfter']);
/**
 * A text glued to its neighbour on screen: it starts or ends with a space, starts with the comma or
 * semicolon that continues a sentence, or ends with an open bracket. None is left (issue 37): a
 * sentence around a value is one key with `{{value}}`, around an element one `<Trans>` key; a gap
 * between a label and what follows it is the markup's (`{' '}`, CSS), not the text's.
 */
const isFragment = (text: string) => /^\s|\s$|^[,;]|\($/.test(text);

describe('sentences are whole (one key per sentence, <Trans> around its links and bold words)', () => {
  it('names no key as the piece before or after an element', () => {
    expect(translations.length).toBeGreaterThan(1000);
    expect(
      translations
        .filter(([key]) => PIECE_KEY.test(key.split('.').pop()!) && !WHOLE_SENTENCE_KEYS.has(key))
        .map(([key]) => key),
    ).toEqual([]);
  });

  it('names no <Trans> tag after an HTML void element (<link>…</link> would lose its words)', () => {
    const VOID_TAG = /<(area|base|br|col|embed|hr|img|input|link|meta|param|source|track|wbr)>/;
    expect(translations.filter(([, text]) => VOID_TAG.test(text)).map(([key]) => key)).toEqual([]);
  });

  it('adds no text that starts or ends with a space, a comma or a bracket (a sentence cut around an element)', () => {
    expect(translations.filter(([, text]) => isFragment(text)).map(([key]) => key)).toEqual([]);
  });
});
