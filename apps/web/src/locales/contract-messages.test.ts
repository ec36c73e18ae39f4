// The contract's messages (`*_MSG` of @owo/contract, the spec's exact English) are words on screen
// too: locales/en/messages.json holds each of them by export and key, and a screen shows one through
// messageText (lib/messages.ts). This file keeps the JSON equal to the contract (a new or changed
// message fails here until the JSON follows) and fails on a `*_MSG` rendered in JSX without it.
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import * as contract from '@owo/contract';
import { APPROVAL_TYPES } from '@owo/contract';
import { loadMessages } from '../lib/i18n';
import { messageKey } from '../lib/message-index';
import { messageText } from '../lib/messages';
import messages from './en/messages.json';

// The words and the lookup, as a language other than English would fetch them.
beforeAll(() => loadMessages());

const MESSAGE_EXPORT = /^([A-Z]+_)*MSG$/;
/** Message functions outside a `*_MSG` object. */
const MESSAGE_FUNCTIONS = ['kycLimitDetail'];
/** The values a message function is tried with: its plural's forms, or a value its text looks up. */
const SAMPLES: Record<string, unknown[][]> = {
  'METER_IMPORT_MSG.imported': [[0], [1], [2], [25]],
  ...Object.fromEntries(
    ['selfApproved', 'approved', 'rejected', 'resolved'].map((k) => [
      `APPROVAL_MSG.${k}`,
      APPROVAL_TYPES.map((type) => [type]),
    ]),
  ),
};

type Message = string | ((...args: never[]) => string);
/** Every message of the contract as `EXPORT.key` (or `EXPORT` for a lone text or function). */
const contractMessages: [string, Message][] = Object.entries(contract as Record<string, unknown>).flatMap(
  ([name, value]): [string, Message][] => {
    if (MESSAGE_FUNCTIONS.includes(name)) return [[name, value as Message]];
    if (!MESSAGE_EXPORT.test(name)) return [];
    if (typeof value === 'string') return [[name, value]];
    return Object.entries(value as Record<string, Message>).map(([k, v]) => [`${name}.${k}`, v]);
  },
);

const PLURAL = /_(zero|one|two|few|many|other)$/;
function leaves(o: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(o).flatMap(([k, v]) =>
    typeof v === 'string'
      ? [[prefix + k, v] as [string, string]]
      : leaves(v as Record<string, unknown>, `${prefix}${k}.`),
  );
}

describe('locales/en/messages.json: the contract messages, word for word', () => {
  it('holds every message of the contract and nothing else', () => {
    expect(contractMessages.length).toBeGreaterThan(300);
    const jsonKeys = new Set(leaves(messages).map(([k]) => k.replace(PLURAL, '')));
    expect([...jsonKeys].sort()).toEqual(contractMessages.map(([k]) => k).sort());
  });

  it('holds each text exactly as the contract writes it', () => {
    const json = Object.fromEntries(leaves(messages));
    const texts = contractMessages.filter(([, m]) => typeof m === 'string');
    expect(Object.fromEntries(texts.map(([k]) => [k, json[k]]))).toEqual(Object.fromEntries(texts));
  });

  it('holds each message with values as a template that gives back the contract English', () => {
    for (const [key, fn] of contractMessages) {
      if (typeof fn === 'string') continue;
      const samples = SAMPLES[key] ?? [Array.from({ length: fn.length }, (_, i) => `value ${i + 1}`)];
      for (const args of samples) {
        const english = (fn as (...a: unknown[]) => string)(...args);
        expect(messageKey(english)?.key, english).toBe(key);
        expect(messageText(english)).toBe(english);
      }
    }
  });

  it('leaves a text the contract does not hold as it is', () => {
    expect(messageText('Something else entirely')).toBe('Something else entirely');
    expect(messageKey('Something else entirely')).toBeNull();
  });
});

const sources = import.meta.glob<string>(['../{features,components,app}/**/*.tsx', '!../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const isMessageRef = (n: ts.Node): n is ts.PropertyAccessExpression =>
  ts.isPropertyAccessExpression(n) && ts.isIdentifier(n.expression) && MESSAGE_EXPORT.test(n.expression.text);
/** A failed query's or mutation's message (`q.error.message`): the API's English. A form field's
 * error (`fieldState.error.message`) has passed the resolver already. */
const isErrorMessage = (n: ts.Node): n is ts.PropertyAccessExpression =>
  ts.isPropertyAccessExpression(n) &&
  n.name.text === 'message' &&
  ts.isPropertyAccessExpression(n.expression) &&
  n.expression.name.text === 'error' &&
  !/State$/.test(n.expression.expression.getText());
const EQUALITY = new Set([ts.SyntaxKind.EqualsEqualsEqualsToken, ts.SyntaxKind.ExclamationEqualsEqualsToken]);

/** Whether a message reference is shown in JSX as it is: inside `{…}` with no messageText(…) around. */
function rawInJsx(ref: ts.Node): boolean {
  for (let n = ref.parent; n; n = n.parent) {
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'messageText')
      return false;
    if (ts.isBinaryExpression(n) && EQUALITY.has(n.operatorToken.kind)) return false;
    if (ts.isFunctionLike(n)) return false;
    if (ts.isJsxExpression(n)) return true;
  }
  return false;
}

/** Every `*_MSG.key` or `q.error.message` a component source renders in JSX without messageText. */
function rawMessages(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (n: ts.Node) => {
    if ((isMessageRef(n) || isErrorMessage(n)) && rawInJsx(n))
      found.push(`${file}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1} ${n.getText(sf)}`);
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

describe('a contract or API message on screen goes through messageText', () => {
  it('finds a message rendered in JSX as it is (the scan itself)', () => {
    const sample = `export const A = () => <Stack><Alert title={PAYROLL_MSG.noPermission}>{MSG.noData}</Alert>
      <Text>{messageText(PAYROLL_MSG.noPermission)}</Text><Text>{ok ? messageText(MSG.crash) : KYB_MSG.stepCompleted(n)}</Text>
      <Text>{t('x', { label: SELF_APPROVAL_MSG.label })}</Text>{e.message === MSG.notFound && <b />}
      <Button onClick={() => setError(PAYOUT_MSG.payeeRequired)} /><Alert>{q.error?.message ?? t('n')}</Alert>
      <Alert>{messageText(q.error.message)}</Alert><Input error={fieldState.error?.message} /></Stack>;
    const schema = z.string().min(1, PROJECT_MSG.nameRequired);`;
    expect(rawMessages('sample.tsx', sample)).toEqual([
      'sample.tsx:1 PAYROLL_MSG.noPermission',
      'sample.tsx:1 MSG.noData',
      'sample.tsx:2 KYB_MSG.stepCompleted',
      'sample.tsx:3 SELF_APPROVAL_MSG.label',
      'sample.tsx:4 q.error?.message',
    ]);
  });

  it('renders no contract or API message as it is in any component', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(300);
    expect(Object.entries(sources).flatMap(([file, source]) => rawMessages(file, source))).toEqual([]);
  });
});
