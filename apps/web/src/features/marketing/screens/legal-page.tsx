import { Anchor, Container, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { LEGAL_DOCS, type LegalDoc } from '../content/legal';
import { PUBLIC_PATHS } from '../paths';
import { usePageMeta } from '../components/use-page-meta';

const CANONICAL: Record<LegalDoc['key'], string> = {
  privacy: PUBLIC_PATHS.privacy,
  terms: PUBLIC_PATHS.terms,
  communication: PUBLIC_PATHS.communication,
};

export function LegalPage({ docKey }: { docKey: LegalDoc['key'] }) {
  const doc = LEGAL_DOCS[docKey];
  usePageMeta({
    title: doc.title,
    description: doc.description,
    keywords: doc.keywords,
    path: CANONICAL[docKey],
  });
  return (
    <Container size="sm" py={{ base: 40, md: 72 }}>
      <Group gap="md" mb="lg" fz="sm">
        {(Object.keys(LEGAL_DOCS) as LegalDoc['key'][]).map((k) => (
          <Anchor
            key={k}
            component={Link}
            to={CANONICAL[k]}
            fw={k === docKey ? 700 : 400}
            c={k === docKey ? 'owo.8' : 'dimmed'}
          >
            {LEGAL_DOCS[k].title}
          </Anchor>
        ))}
      </Group>
      <Title order={1} fz={{ base: 30, sm: 40 }}>
        {doc.title}
      </Title>
      <Text c="dimmed" fz="sm" mt={6}>
        Last updated {doc.updated}
      </Text>
      <Text mt="lg" lh={1.75}>
        {doc.intro}
      </Text>
      <Divider my="xl" />
      <Stack gap="xl">
        {doc.sections.map((s) => (
          <section key={s.heading}>
            <Title order={2} fz="lg" mb="xs">
              {s.heading}
            </Title>
            {s.paragraphs.map((p) => (
              <Text key={p.slice(0, 40)} lh={1.75} mb="sm" c="dark.5">
                {p}
              </Text>
            ))}
          </section>
        ))}
      </Stack>
    </Container>
  );
}

export const PrivacyPage = () => <LegalPage docKey="privacy" />;
export const TermsPage = () => <LegalPage docKey="terms" />;
export const CommunicationPage = () => <LegalPage docKey="communication" />;
