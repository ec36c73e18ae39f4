import { Anchor, Container, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { FaqAccordion } from '../components/faq-accordion';
import { Hero } from '../components/sections';
import { usePageMeta } from '../components/use-page-meta';
import { paths } from '../../../lib/paths';

export function FaqPage() {
  usePageMeta({
    title: 'Frequently asked questions',
    description:
      'Answers about Owo payouts (24-48 hours after approval), NGN, USD and GBP wallets, transaction limits, approvals and account opening.',
    keywords: ['Owo FAQ', 'payout time', 'multi-currency wallet Nigeria', 'transaction limit'],
    path: '/faq',
  });
  return (
    <>
      <Hero
        eyebrow="FAQ"
        heading="Questions, answered"
        text="What businesses ask us most often before they open an account."
        cta="Create a free account"
      />
      <Container size="md" pb={{ base: 56, md: 80 }}>
        <FaqAccordion />
        <Text ta="center" c="dimmed" mt="xl">
          Still have a question?{' '}
          <Anchor component={Link} to={paths.support.href()} underline="always">
            Contact support
          </Anchor>
          .
        </Text>
      </Container>
    </>
  );
}
