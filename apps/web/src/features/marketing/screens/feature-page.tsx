// One template for every feature page (002 §2): hero with call to action, feature list,
// 'who needs this' audience list and a closing pitch.
import { Card, Container, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { FEATURES, featureByKey } from '../content/features';
import { CheckIcon, UserIcon } from '../components/icons';
import { ClosingPitch, Hero, SectionTitle } from '../components/sections';
import { usePageMeta } from '../components/use-page-meta';
import { paths } from '../../../lib/paths';

export function FeaturePage({ featureKey }: { featureKey: string }) {
  const f = featureByKey(featureKey);
  usePageMeta({ ...f.meta, path: f.path });
  return (
    <>
      <Hero {...f.hero} secondary={{ label: 'See pricing', to: paths.pricing.href() }} />
      <Container size="lg" py={{ base: 56, md: 80 }}>
        <SectionTitle eyebrow="What you get" title={`${f.name} that fits how Nigerian businesses work`} />
        <SimpleGrid
          cols={{ base: 1, sm: 2, md: f.points.length > 4 ? 3 : 2 }}
          spacing="lg"
          data-testid="feature-points"
        >
          {f.points.map((p) => (
            <Card key={p.title} withBorder radius="md" padding="lg">
              <ThemeIcon color="owo" variant="light" size={36} radius="md">
                <CheckIcon size={18} />
              </ThemeIcon>
              <Title order={3} fz="lg" mt="md">
                {p.title}
              </Title>
              <Text c="dark.4" fz="sm" mt={6} lh={1.6}>
                {p.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
      <Container size="lg" pb={{ base: 24, md: 40 }}>
        <SectionTitle eyebrow="Who needs this" title="Built for the people who keep your business running" />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" data-testid="feature-audience">
          {f.audience.map((a) => (
            <Card key={a.role} withBorder radius="md" padding="md" bg="gray.0">
              <ThemeIcon color="dark" variant="white" size={30} radius="xl">
                <UserIcon size={16} />
              </ThemeIcon>
              <Text fw={700} mt="sm">
                {a.role}
              </Text>
              <Text c="dark.4" fz="sm">
                {a.why.charAt(0).toUpperCase() + a.why.slice(1)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
      <ClosingPitch {...f.closing} />
    </>
  );
}

/** Route components, one per feature key, for lazy routes. */
export const featurePageFor = (key: string) => () => <FeaturePage featureKey={key} />;
export const FEATURE_KEYS = FEATURES.map((f) => f.key);
