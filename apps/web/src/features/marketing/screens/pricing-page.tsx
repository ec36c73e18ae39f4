import { Badge, Button, Card, Container, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { OTHER_FEES, PLANS, TRANSFER_FEES, type Plan } from '../content/pricing';
import { CheckList, Hero, SectionTitle } from '../components/sections';
import { usePageMeta } from '../components/use-page-meta';

function FeeTable({ rows, head }: { rows: { band: string; fee: string }[]; head: [string, string] }) {
  return (
    <Table withTableBorder verticalSpacing="sm" horizontalSpacing="md" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{head[0]}</Table.Th>
          <Table.Th ta="right">{head[1]}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <Table.Tr key={r.band}>
            <Table.Td>{r.band}</Table.Td>
            <Table.Td ta="right" fw={600}>
              {r.fee}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** One plan: name, summary, price, what it includes, and its call to action. */
function PlanCard({ p }: { p: Plan }) {
  return (
    <Card
      withBorder
      radius="lg"
      padding="xl"
      data-testid={`plan-${p.key}`}
      style={
        p.highlighted
          ? {
              borderColor: 'var(--mantine-color-owo-7)',
              borderWidth: 2,
              boxShadow: '0 12px 32px rgba(11,122,75,0.12)',
            }
          : undefined
      }
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between">
          <Title order={2} fz="xl">
            {p.name}
          </Title>
          {p.highlighted && (
            <Badge color="owo" variant="light">
              Most popular
            </Badge>
          )}
        </Group>
        <Text c="dimmed" fz="sm" mih={40}>
          {p.summary}
        </Text>
        <Group gap={6} align="baseline">
          <Text fz={36} fw={800} style={{ letterSpacing: '-0.02em' }}>
            {p.price}
          </Text>
          <Text c="dimmed" fz="sm">
            {p.period}
          </Text>
        </Group>
        <CheckList items={p.features} />
        <Button
          component={Link}
          to={p.cta.to}
          mt="auto"
          fullWidth
          size="md"
          color="owo"
          variant={p.highlighted ? 'filled' : 'light'}
        >
          {p.cta.label}
        </Button>
      </Stack>
    </Card>
  );
}

export function PricingPage() {
  usePageMeta({
    title: 'Pricing',
    description:
      'Simple pricing for Owo: a free Starter plan, Growth at ₦25,000 a month and custom Enterprise plans. Naira transfers from ₦10.',
    keywords: ['Owo pricing', 'transfer fees Nigeria', 'payroll software price', 'business account fees'],
    path: '/pricing',
  });
  return (
    <>
      <Hero
        eyebrow="Pricing"
        heading="Simple plans, transfer fees you can predict"
        text="Start free and upgrade when your team needs payroll, multi-currency wallets or more approvers. No setup fees, no hidden FX margins."
        cta="Create a free account"
      />
      <Container size="lg" pb={{ base: 56, md: 80 }}>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {PLANS.map((p) => (
            <PlanCard key={p.key} p={p} />
          ))}
        </SimpleGrid>
        <Text c="dimmed" fz="xs" ta="center" mt="md">
          Prices exclude 7.5% VAT.
        </Text>
      </Container>
      <Container size="md" pb={{ base: 56, md: 80 }}>
        <SectionTitle
          eyebrow="Fees"
          title="Transfer fees"
          text="Charged per outgoing naira transfer to any Nigerian bank account, on every plan. You see the fee before you confirm."
        />
        <FeeTable rows={TRANSFER_FEES} head={['Transfer amount', 'Fee']} />
        <Title order={3} fz="lg" mt={40} mb="md">
          Other fees
        </Title>
        <FeeTable rows={OTHER_FEES} head={['Service', 'Fee']} />
      </Container>
    </>
  );
}
