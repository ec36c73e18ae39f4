import {
  Anchor,
  Box,
  Card,
  Container,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { Link } from 'react-router-dom';
import { FEATURES } from '../content/features';
import { ArrowRightIcon } from '../components/icons';
import { CheckList, ClosingPitch, Hero, SectionTitle } from '../components/sections';
import { usePageMeta } from '../components/use-page-meta';
import { paths } from '../../../lib/paths';

const STEPS = [
  {
    n: '1',
    title: 'Open your business account',
    text: "Sign up with your work email and tell us about your company. Verification uses your CAC details and a director's BVN.",
  },
  {
    n: '2',
    title: 'Fund your wallet',
    text: 'Transfer into your dedicated account number from any Nigerian bank. NGN, USD and GBP wallets available.',
  },
  {
    n: '3',
    title: 'Pay with approvals',
    text: 'Pay vendors, staff and bills. Each payment follows the approval rules you set, and every step is recorded.',
  },
];

const TRUST = [
  'Account names confirmed with the bank before every payment',
  'Approval workflows by amount, team and subsidiary',
  'Roles and permissions for every team member',
  'Two-factor authentication and full audit trail',
  'Double-entry ledger behind every wallet balance',
  'Payroll deductions under the Nigeria Tax Act 2025',
];

/** The three steps to start. */
function HowItWorks() {
  return (
    <Box bg="gray.0" py={{ base: 56, md: 80 }}>
      <Container size="lg">
        <SectionTitle eyebrow="How it works" title="Up and running in an afternoon" />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {STEPS.map((s) => (
            <Card key={s.n} radius="md" padding="lg" withBorder>
              <ThemeIcon color="owo" size={40} radius="xl">
                <Text fw={800}>{s.n}</Text>
              </ThemeIcon>
              <Title order={3} fz="lg" mt="md">
                {s.title}
              </Title>
              <Text c="dark.4" fz="sm" mt={6} lh={1.6}>
                {s.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

/** Why finance teams can trust it: the pitch and the checklist. */
function BuiltForControl() {
  return (
    <Container size="lg" py={{ base: 56, md: 80 }}>
      <Grid gutter={48} align="center">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="md">
            <Text c="owo.8" fw={700} fz="xs" tt="uppercase" style={{ letterSpacing: '0.08em' }}>
              Built for control
            </Text>
            <Title order={2} fz={{ base: 26, sm: 34 }}>
              Money only moves the way you decided it should
            </Title>
            <Text c="dark.4" lh={1.7}>
              Owo is designed for finance teams who answer to auditors, boards and tax authorities. Every
              payment has a requester, approvers and a receipt, and nobody can see or move more than their
              role allows.
            </Text>
            <Anchor component={Link} to={paths.faq.href()} fw={600}>
              Read common questions
            </Anchor>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Card withBorder radius="lg" padding="xl">
            <CheckList items={TRUST} />
          </Card>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

export function HomePage() {
  usePageMeta({
    title: 'Owo: business payments for Nigerian companies',
    description:
      'Pay vendors and staff, run payroll and expenses with approvals, send invoices and manage company wallets in NGN, USD and GBP. One platform for Nigerian business finance.',
    keywords: [
      'business payments Nigeria',
      'payroll software',
      'expense management',
      'invoicing',
      'vendor payments',
      'corporate wallet',
    ],
    path: '/',
  });
  return (
    <>
      <Hero
        eyebrow="Business payments for Nigerian companies"
        heading="All your company's payments, approved and on record"
        text="Owo brings vendor payouts, payroll, expenses, invoices and electricity bills into one account with approvals your finance team can trust. Less chasing, fewer mistakes, books that close on time."
        cta="Create a free account"
        secondary={{ label: 'See pricing', to: paths.pricing.href() }}
      />
      <Container size="lg" py={{ base: 56, md: 80 }}>
        <SectionTitle
          eyebrow="One platform"
          title="Everything money touches in your business"
          text="Start with the tool you need today. The rest is there when you grow."
        />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {FEATURES.map((f) => (
            <Card
              key={f.key}
              component={Link}
              to={f.path}
              withBorder
              radius="md"
              padding="lg"
              style={{ textDecoration: 'none' }}
            >
              <Title order={3} fz="lg">
                {f.name}
              </Title>
              <Text c="dark.4" fz="sm" mt={6} mb="md">
                {f.blurb}
              </Text>
              <Group gap={4} c="owo.8" fz="sm" fw={600} mt="auto">
                Learn more <ArrowRightIcon size={14} />
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
      <HowItWorks />
      <BuiltForControl />
      <ClosingPitch
        heading="Ready to take control of company payments?"
        text="Open an account in minutes and make your first payout today. The Starter plan is free."
      />
    </>
  );
}
