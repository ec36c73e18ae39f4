// Earnings Insight (/agent-insight, 001 §2, §3): the agent's commission summary and what they
// earned (matured) per month.
import { BarChart } from '../../../components/charts';
import { Alert, Box, Card, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { formatMoney } from '../../../lib/format';
import { useAgentDashboard } from '../api';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

const CARDS = ['totalEarned', 'totalAwaitingApproval', 'totalPaid', 'totalAwaitingMaturity'] as const;

export function AgentInsightScreen() {
  const { t } = useTranslation('commissions');
  const q = useAgentDashboard();
  return (
    <Box maw={1200} mx="auto">
      <PageHeader
        title={t('agentInsightScreen.earningsInsight')}
        description={t('agentInsightScreen.whatYourCommissionsHaveEarned')}
      />
      {q.isLoading && <Loader />}
      {q.error && <Alert color="red">{messageText(q.error.message)}</Alert>}
      {q.data && (
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            {CARDS.map((key) => (
              <Card withBorder key={key} data-testid={`insight-${key}`}>
                <Text size="sm" c="dimmed">
                  {t(`agentInsightScreen.cards.${key}`)}
                </Text>
                <Title order={3}>{formatMoney(q.data.commissionSummary[key].valueMinor)}</Title>
              </Card>
            ))}
          </SimpleGrid>
          <Card withBorder>
            <Title order={4} mb="md">
              {t('agentInsightScreen.earnedPerMonth')}
            </Title>
            <BarChart
              h={260}
              data={q.data.monthly.map((m) => ({ month: m.month, Earned: m.earnedMinor / 100 }))}
              dataKey="month"
              series={[{ name: 'Earned', color: 'teal.6' }]}
              valueFormatter={(v) => formatMoney(Math.round(v * 100))}
            />
          </Card>
        </Stack>
      )}
    </Box>
  );
}
