// Public footer (002 §2): FAQ accordion (not on /faq, which already lists them), legal links and a
// Get started call to action that opens registration.
import {
  Anchor,
  Box,
  Button,
  Container,
  Divider,
  Grid,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { FEATURES } from '../content/features';
import { PUBLIC_PATHS } from '../paths';
import { FaqAccordion } from './faq-accordion';
import { OwoLogo } from './logo';

function FooterLink({
  to,
  children,
  external,
}: {
  to: string;
  children: React.ReactNode;
  external?: boolean;
}) {
  return external ? (
    <Anchor href={to} c="gray.4" fz="sm">
      {children}
    </Anchor>
  ) : (
    <Anchor component={Link} to={to} c="gray.4" fz="sm">
      {children}
    </Anchor>
  );
}

/** The four first questions and a link to the rest (not on the FAQ page itself). */
function FooterFaq() {
  return (
    <Box py={72} bg="gray.0" data-testid="footer-faq">
      <Container size="md">
        <Title order={2} ta="center" fz={{ base: 26, sm: 32 }}>
          Frequently asked questions
        </Title>
        <Text ta="center" c="dimmed" mt="xs" mb="xl">
          Quick answers about payouts, wallets and limits.
        </Text>
        <FaqAccordion limit={4} />
        <Group justify="center" mt="lg">
          <Anchor component={Link} to={PUBLIC_PATHS.faq} fw={600}>
            See all questions
          </Anchor>
        </Group>
      </Container>
    </Box>
  );
}

/** The logo, the link columns and the legal line. */
function FooterLinks() {
  return (
    <Box bg="#062a1d" py={48}>
      <Container size="lg">
        <Grid gutter={32}>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Box p={6} bg="white" style={{ display: 'inline-block', borderRadius: 8 }}>
              <OwoLogo />
            </Box>
            <Text c="gray.4" fz="sm" mt="md" maw={300}>
              Business payments, payroll, expenses and invoicing for Nigerian companies.
            </Text>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xl">
              <Stack gap={8}>
                <Text c="white" fw={600} fz="sm">
                  Product
                </Text>
                {FEATURES.slice(0, 6).map((f) => (
                  <FooterLink key={f.key} to={f.path}>
                    {f.name}
                  </FooterLink>
                ))}
              </Stack>
              <Stack gap={8}>
                <Text c="white" fw={600} fz="sm">
                  Company
                </Text>
                <FooterLink to={PUBLIC_PATHS.pricing}>Pricing</FooterLink>
                <FooterLink to={PUBLIC_PATHS.faq}>FAQ</FooterLink>
                <FooterLink to={PUBLIC_PATHS.support}>Support</FooterLink>
                <FooterLink to={PUBLIC_PATHS.docs} external>
                  Documentation
                </FooterLink>
              </Stack>
              <Stack gap={8}>
                <Text c="white" fw={600} fz="sm">
                  Legal
                </Text>
                <FooterLink to={PUBLIC_PATHS.privacy}>Privacy Policy</FooterLink>
                <FooterLink to={PUBLIC_PATHS.terms}>Terms and Conditions</FooterLink>
                <FooterLink to={PUBLIC_PATHS.communication}>Communication Agreement</FooterLink>
              </Stack>
            </SimpleGrid>
          </Grid.Col>
        </Grid>
        <Divider my="xl" color="rgba(255,255,255,0.12)" />
        <Text c="gray.5" fz="xs">
          © {new Date().getFullYear()} Owo. Owo is a technology company, not a bank; wallet balances are held
          with licensed partner banks.
        </Text>
      </Container>
    </Box>
  );
}

export function PublicFooter() {
  const { pathname } = useLocation();
  const showFaq = pathname !== PUBLIC_PATHS.faq;
  return (
    <Box component="footer">
      {showFaq && <FooterFaq />}
      <Box bg="#0a3d2a" c="white" py={56}>
        <Container size="lg">
          <Group justify="space-between" align="center" gap="lg">
            <Stack gap={6} maw={560}>
              <Title order={2} c="white" fz={{ base: 24, sm: 30 }}>
                Run your company's payments on Owo
              </Title>
              <Text c="owo.1">Open a free account in minutes. No setup fees, no card required.</Text>
            </Stack>
            <Button
              component={Link}
              to={PUBLIC_PATHS.register}
              size="lg"
              variant="white"
              color="owo"
              data-testid="footer-get-started"
            >
              Get started
            </Button>
          </Group>
        </Container>
      </Box>
      <FooterLinks />
    </Box>
  );
}
