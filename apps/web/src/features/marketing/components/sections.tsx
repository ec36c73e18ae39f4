// Building blocks shared by the public pages: hero band, section title, check list.
import { Badge, Box, Button, Container, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PUBLIC_PATHS } from '../paths';
import { ArrowRightIcon, CheckIcon } from './icons';

export function Hero({
  eyebrow,
  heading,
  text,
  cta,
  secondary,
}: {
  eyebrow: string;
  heading: string;
  text: string;
  cta: string;
  secondary?: { label: string; to: string };
}) {
  return (
    <Box
      py={{ base: 56, md: 96 }}
      style={{ background: 'linear-gradient(180deg, #effaf4 0%, #ffffff 100%)' }}
    >
      <Container size="md">
        <Stack align="center" gap="lg" ta="center">
          <Badge variant="light" color="owo" size="lg" radius="sm">
            {eyebrow}
          </Badge>
          <Title order={1} fz={{ base: 32, sm: 44, md: 52 }} lh={1.12} style={{ letterSpacing: '-0.02em' }}>
            {heading}
          </Title>
          <Text fz={{ base: 'md', sm: 'lg' }} c="dark.4" maw={680} lh={1.6}>
            {text}
          </Text>
          <Group justify="center" gap="sm">
            <Button
              component={Link}
              to={PUBLIC_PATHS.register}
              size="lg"
              color="owo"
              rightSection={<ArrowRightIcon size={16} />}
              data-testid="hero-cta"
            >
              {cta}
            </Button>
            {secondary && (
              <Button component={Link} to={secondary.to} size="lg" variant="default">
                {secondary.label}
              </Button>
            )}
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}

export function SectionTitle({ eyebrow, title, text }: { eyebrow?: string; title: string; text?: string }) {
  return (
    <Stack gap={8} align="center" ta="center" mb={40}>
      {eyebrow && (
        <Text c="owo.8" fw={700} fz="xs" tt="uppercase" style={{ letterSpacing: '0.08em' }}>
          {eyebrow}
        </Text>
      )}
      <Title order={2} fz={{ base: 26, sm: 34 }} style={{ letterSpacing: '-0.01em' }}>
        {title}
      </Title>
      {text && (
        <Text c="dimmed" maw={620}>
          {text}
        </Text>
      )}
    </Stack>
  );
}

export function CheckList({ items }: { items: string[] }) {
  return (
    <List
      spacing="sm"
      icon={
        <ThemeIcon color="owo" size={20} radius="xl" variant="light">
          <CheckIcon size={12} />
        </ThemeIcon>
      }
    >
      {items.map((i) => (
        <List.Item key={i}>
          <Text fz="sm">{i}</Text>
        </List.Item>
      ))}
    </List>
  );
}

export function ClosingPitch({ heading, text }: { heading: string; text: string }) {
  return (
    <Container size="md" py={{ base: 56, md: 80 }}>
      <Box
        p={{ base: 28, sm: 48 }}
        style={{ borderRadius: 16, background: '#0b7a4b', color: 'white', textAlign: 'center' }}
      >
        <Title order={2} c="white" fz={{ base: 24, sm: 32 }}>
          {heading}
        </Title>
        <Text c="owo.0" mt="sm" mb="xl" maw={560} mx="auto">
          {text}
        </Text>
        <Group justify="center">
          <Button component={Link} to={PUBLIC_PATHS.register} size="md" variant="white" color="owo">
            Create an Account
          </Button>
          <Button
            component={Link}
            to={PUBLIC_PATHS.support}
            size="md"
            variant="outline"
            color="white"
            style={{ borderColor: 'rgba(255,255,255,0.6)', color: 'white' }}
          >
            Book a demo
          </Button>
        </Group>
      </Box>
    </Container>
  );
}
