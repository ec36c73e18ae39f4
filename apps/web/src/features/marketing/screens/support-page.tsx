import { Anchor, Card, Container, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { BookIcon, MailIcon, PhoneIcon } from '../components/icons';
import { Hero, SectionTitle } from '../components/sections';
import { usePageMeta } from '../components/use-page-meta';

const CHANNELS = [
  {
    icon: <MailIcon />,
    title: 'Email us',
    text: 'Our support team answers within one business day.',
    link: { href: 'mailto:support@owo.ng', label: 'support@owo.ng' },
  },
  {
    icon: <PhoneIcon />,
    title: 'Call us',
    text: 'Monday to Friday, 8am to 6pm West Africa Time.',
    link: { href: 'tel:+2342013300000', label: '+234 201 330 0000' },
  },
  {
    icon: <BookIcon />,
    title: 'Developer documentation',
    text: 'API reference for integrating payouts, invoices and webhooks.',
    link: { href: '/api/docs', label: 'Open the API docs' },
  },
];

const RESOURCES = [
  {
    title: 'Blog',
    text: 'Practical guides on PAYE under the Nigeria Tax Act 2025, pension remittance, vendor payments and month-end close. New articles every fortnight.',
  },
  {
    title: 'Webinars',
    text: 'Monthly live sessions where our product team walks through payroll, approvals and invoicing, with time for your questions. Ask support for the next date.',
  },
  {
    title: 'Book a demo',
    text: 'Want a guided tour for your finance team? Email sales@owo.ng with your company name and team size and we will set up a 30-minute call.',
  },
];

export function SupportPage() {
  usePageMeta({
    title: 'Support',
    description:
      'Get help with Owo by email or phone, read our guides, join a webinar or book a demo for your finance team.',
    keywords: ['Owo support', 'contact Owo', 'business payments help', 'book a demo'],
    path: '/support',
  });
  return (
    <>
      <Hero
        eyebrow="Support"
        heading="We are here to help"
        text="Real people in Lagos who understand Nigerian business payments. Reach us the way that suits you."
        cta="Create a free account"
      />
      <Container size="lg" pb={{ base: 56, md: 80 }}>
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {CHANNELS.map((c) => (
            <Card key={c.title} withBorder radius="md" padding="lg">
              <ThemeIcon color="owo" variant="light" size={40} radius="md">
                {c.icon}
              </ThemeIcon>
              <Title order={3} fz="lg" mt="md">
                {c.title}
              </Title>
              <Text c="dark.4" fz="sm" mt={6} mb="sm">
                {c.text}
              </Text>
              <Anchor href={c.link.href} fw={600}>
                {c.link.label}
              </Anchor>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
      <Container size="lg" pb={{ base: 56, md: 80 }}>
        <SectionTitle eyebrow="Resources" title="Learn and grow with Owo" />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {RESOURCES.map((r) => (
            <Card
              key={r.title}
              withBorder
              radius="md"
              padding="lg"
              bg="gray.0"
              id={r.title.toLowerCase().replace(/\s+/g, '-')}
            >
              <Title order={3} fz="lg">
                {r.title}
              </Title>
              <Text c="dark.4" fz="sm" mt={6} lh={1.6}>
                {r.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </>
  );
}
