import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accountNameMatches, nameTokens } from './banks';

describe('accountNameMatches (issue 37)', () => {
  it('ignores case, spacing, punctuation, accents, titles and word order', () => {
    expect(accountNameMatches('Emeka Nwosu', 'EMEKA NWOSU')).toBe(true);
    expect(accountNameMatches('nwosu,  emeka', 'EMEKA NWOSU')).toBe(true);
    expect(accountNameMatches('Mr. Emeka-Nwosu', 'NWOSU EMEKA')).toBe(true);
    expect(accountNameMatches('Adébáyọ̀ Bello', 'ADEBAYO BELLO')).toBe(true);
    expect(accountNameMatches('Acme Nigeria Ltd', 'ACME LIMITED')).toBe(true);
  });

  it('matches on two shared words, or all the words of the shorter name', () => {
    expect(accountNameMatches('Emeka Nwosu', 'EMEKA CHUKWUEMEKA NWOSU')).toBe(true);
    expect(accountNameMatches('Emeka', 'EMEKA CHUKWUEMEKA NWOSU')).toBe(true);
    expect(accountNameMatches('Emeka Ifeanyi Nwosu', 'EMEKA NWOSU')).toBe(true);
    expect(accountNameMatches('Emeka J. Nwosu', 'EMEKA NWOSU')).toBe(true);
  });

  it('warns when the bank names someone else', () => {
    expect(accountNameMatches('Emeka Nwosu', 'CHIDINMA ADAEZE OKAFOR')).toBe(false);
    expect(accountNameMatches('Emeka Nwosu', 'EMEKA ADAEZE OKAFOR')).toBe(false);
    expect(accountNameMatches('Ngozi Bello', 'NGOZI ABUBAKAR')).toBe(false);
  });

  it('is no mismatch while either name is missing', () => {
    expect(accountNameMatches('', 'EMEKA NWOSU')).toBe(true);
    expect(accountNameMatches('  ', 'EMEKA NWOSU')).toBe(true);
    expect(accountNameMatches('Emeka Nwosu', '')).toBe(true);
  });

  const word = fc.stringMatching(/^[a-z]{2,8}$/);
  const name = fc.array(word, { minLength: 1, maxLength: 4 });

  it('is symmetric and insensitive to order and case (property)', () => {
    fc.assert(
      fc.property(name, name, (a, b) => {
        const typed = a.join(' ');
        const back = [...b].reverse().join('  ').toUpperCase();
        expect(accountNameMatches(typed, back)).toBe(accountNameMatches(b.join(' '), typed));
      }),
    );
  });

  it('always matches a name against itself reordered, and never names with no word in common (property)', () => {
    fc.assert(
      fc.property(name, name, (a, b) => {
        expect(accountNameMatches(a.join(' '), [...a].reverse().join(', '))).toBe(true);
        const shared = nameTokens(a.join(' ')).some((w) => nameTokens(b.join(' ')).includes(w));
        if (!shared && nameTokens(a.join(' ')).length && nameTokens(b.join(' ')).length)
          expect(accountNameMatches(a.join(' '), b.join(' '))).toBe(false);
      }),
    );
  });
});
