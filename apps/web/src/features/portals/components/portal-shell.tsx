// Shared frame of the customer and employee portals: a slim header with the Owo mark, the
// portal's name and the signed-in actions, and a centred content column.
import { Badge, Box, Container, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

export function PortalShell({
  name,
  home,
  actions,
  children,
}: {
  name: string;
  home: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('portals');
  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="lg" h={64}>
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap">
              <Link
                to={home}
                style={{ display: 'flex', alignItems: 'center', gap: 8, textDecoration: 'none' }}
                aria-label={t('portalShell.home', { name })}
              >
                <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
                  <rect width="32" height="32" rx="8" fill="#0b7a4b" />
                  <circle cx="16" cy="16" r="7" fill="none" stroke="#fff" strokeWidth="3.5" />
                </svg>
                <Text fw={800} fz={20} c="dark.8">
                  {t('portalShell.owo')}
                </Text>
              </Link>
              <Badge variant="light" color="owo" radius="sm" visibleFrom="xs">
                {name}
              </Badge>
            </Group>
            <Group gap="xs" wrap="nowrap">
              {actions}
            </Group>
          </Group>
        </Container>
      </Box>
      <Container size="lg" py={{ base: 32, sm: 56 }} component="main">
        {children}
      </Container>
    </Box>
  );
}

/** Card-shaped column for the portals' sign-in forms. */
export function PortalCard({ children }: { children: ReactNode }) {
  return (
    <Box
      maw={440}
      mx="auto"
      p={{ base: 'lg', sm: 32 }}
      bg="white"
      style={{ borderRadius: 12, border: '1px solid var(--mantine-color-gray-2)' }}
    >
      {children}
    </Box>
  );
}
