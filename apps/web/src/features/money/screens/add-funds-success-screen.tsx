import { Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { Link, useSearchParams } from 'react-router-dom';
import { toMinor } from '@owo/contract';
import { formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { Trans, useTranslation } from 'react-i18next';

const safeMinor = (v: string | null) => {
  try {
    return v ? toMinor(v) : null;
  } catch {
    return null;
  }
};

/** /wallet/add-funds/success?transactionId&amount: what arrived and where to see it. */
export function AddFundsSuccessScreen() {
  const { t } = useTranslation('money');
  const [search] = useSearchParams();
  const transactionId = search.get('transactionId');
  const minor = safeMinor(search.get('amount'));
  return (
    <Card maw={480} mx="auto" mt="xl" p="xl">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="light" aria-hidden>
          <svg
            width="32"
            height="32"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M20 6 9 17l-5-5" />
          </svg>
        </ThemeIcon>
        <PageHeader mb={0} title={t('addFundsSuccessScreen.fundsAdded')} />
        {minor !== null && (
          <Text fz={32} fw={750} data-testid="success-amount">
            {formatMoney(minor, 'NGN')}
          </Text>
        )}
        <Text c="dimmed">{t('addFundsSuccessScreen.yourWalletHasBeenCredited')}</Text>
        {transactionId && (
          <Text size="sm">
            <Trans
              t={t}
              i18nKey="addFundsSuccessScreen.transactionId"
              values={{ id: transactionId }}
              shouldUnescape
              components={{ b: <Text span ff="monospace" fw={600} /> }}
            />
          </Text>
        )}
        <Group>
          {transactionId && (
            <Button variant="secondary" component={Link} to={paths.transaction.href({ transactionId })}>
              {t('addFundsSuccessScreen.viewTransaction')}
            </Button>
          )}
          <Button component={Link} to={paths.dashboard.path}>
            {t('addFundsSuccessScreen.backToDashboard')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
