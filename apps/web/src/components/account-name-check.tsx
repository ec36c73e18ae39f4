// The bank's name for an account, shown where the account is typed (issue 37): a green "Account
// name: EMEKA NWOSU" panel once the lookup resolves, and a yellow warning when the name the user
// typed is not the bank's. Place the warning right above the form's Continue/Save button (where
// AccountNameCheck sits last, it carries it; else NameMismatchWarning there): it is read before
// anything is sent, and it never blocks (the name may be a nickname or a trading name).
import { Alert, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { accountNameMatches } from '@owo/contract';
import type { Lookup } from './use-account-lookup';

export type NameMismatch = { typed: string; returned: string } | null;

/** The typed name against the bank's, null while either is missing or when they match. */
export function nameMismatch(lookup: Lookup, typedName: string | undefined): NameMismatch {
  const typed = typedName?.trim() ?? '';
  if (lookup.state !== 'resolved' || !typed) return null;
  return accountNameMatches(typed, lookup.accountName) ? null : { typed, returned: lookup.accountName };
}

/** The yellow "the bank says this account belongs to X, not Y" warning (nothing when the names match). */
export function NameMismatchWarning(props: { lookup: Lookup; typedName?: string }) {
  const { t } = useTranslation();
  const mismatch = nameMismatch(props.lookup, props.typedName);
  if (!mismatch) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title={t('accountName.mismatchTitle')}
      // the light yellow's own title colour is too pale to read on its background (contrast)
      styles={{ title: { color: 'var(--mantine-color-dark-7)' } }}
      role="alert"
      data-testid="name-mismatch"
    >
      {t('accountName.mismatch', mismatch)}
    </Alert>
  );
}

/**
 * The lookup's answer: checking, the bank's name for the account, and (unless `typedName` is left
 * out, or the warning is placed by the button instead) the mismatch warning.
 */
export function AccountNameCheck(props: { lookup: Lookup; typedName?: string; invalidText?: string }) {
  const { t } = useTranslation();
  const { lookup } = props;
  if (lookup.state === 'checking')
    return (
      <Group gap="xs" aria-live="polite">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t('accountName.checking')}
        </Text>
      </Group>
    );
  if (lookup.state === 'invalid' && props.invalidText)
    return (
      <Text size="sm" c="red" role="alert">
        {lookup.message ?? props.invalidText}
      </Text>
    );
  if (lookup.state !== 'resolved') return null;
  return (
    <>
      <Alert color="green" variant="light" py="xs" role="status" data-testid="account-name-check">
        <Text size="sm">
          {t('accountName.label')}:{' '}
          <Text span fw={700} data-testid="resolved-name">
            {lookup.accountName}
          </Text>
        </Text>
      </Alert>
      <NameMismatchWarning lookup={lookup} typedName={props.typedName} />
    </>
  );
}
