import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '../lib/i18n';
import { AccountNameCheck, nameMismatch, NameMismatchWarning } from './account-name-check';
import type { Lookup } from './use-account-lookup';

const resolved = (accountName: string): Lookup => ({ state: 'resolved', key: '058:0123456785', accountName });
const show = (ui: React.ReactNode) => render(<MantineProvider>{ui}</MantineProvider>);

afterEach(cleanup);

describe('AccountNameCheck (issue 37)', () => {
  it("shows the bank's name and warns when the typed name is someone else's", () => {
    show(<AccountNameCheck lookup={resolved('CHIDINMA ADAEZE OKAFOR')} typedName="Emeka Nwosu" />);
    expect(screen.getByTestId('account-name-check')).toHaveTextContent(
      'Account name: CHIDINMA ADAEZE OKAFOR',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The bank says this account belongs to CHIDINMA ADAEZE OKAFOR, not Emeka Nwosu. Check the number before you continue.',
    );
  });

  it('does not warn on a matching name, nothing typed, or before the name is known', () => {
    show(
      <>
        <AccountNameCheck lookup={resolved('EMEKA CHUKWU NWOSU')} typedName="nwosu, Emeka" />
        <NameMismatchWarning lookup={resolved('EMEKA NWOSU')} typedName="" />
        <NameMismatchWarning lookup={{ state: 'checking', key: 'k' }} typedName="Ada" />
      </>,
    );
    expect(screen.queryByTestId('name-mismatch')).toBeNull();
    expect(nameMismatch({ state: 'idle' }, 'Ada Obi')).toBeNull();
  });

  it('says it is checking, and shows an invalid number only when asked to', () => {
    const { rerender } = show(<AccountNameCheck lookup={{ state: 'checking', key: 'k' }} />);
    expect(screen.getByText('Checking the account name with the bank…')).toBeInTheDocument();
    rerender(
      <MantineProvider>
        <AccountNameCheck lookup={{ state: 'invalid', key: 'k' }} invalidText="Not a GTBank account" />
      </MantineProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Not a GTBank account');
  });
});
