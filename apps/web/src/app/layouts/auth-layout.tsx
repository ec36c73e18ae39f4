import { Anchor, Box, Center, Group, Paper, Stack, Text } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { Logo } from '../../components/logo';
import { FullPageLoader } from '../../components/page-states';
import { useHydrated } from '../../lib/hydrated';
import { paths } from '../../lib/paths';

/**
 * A prerendered sign-in page is shown before its JavaScript runs: its fields stay disabled until
 * hydration, so nothing typed is lost and no form is submitted natively (a password in a URL).
 * Inside the Suspense boundary: its switch must not touch the boundary before it has hydrated.
 */
function HydratedFieldset(props: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      {props.children}
    </fieldset>
  );
}

/** Centred card for the auth screens, with the legal links at the foot (000 §2.5). */
export function AuthLayout() {
  const { t } = useTranslation('auth');
  return (
    <Box mih="100vh" bg="gray.0" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group px={{ base: 'md', sm: 'xl' }} py="md">
        <Logo />
      </Group>
      <Center style={{ flex: 1 }} px="md" py="lg">
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 36 }} w="100%" maw={460} shadow="xs">
          <Suspense fallback={<FullPageLoader />}>
            <HydratedFieldset>
              <Outlet />
            </HydratedFieldset>
          </Suspense>
        </Paper>
      </Center>
      <Stack component="footer" align="center" gap={4} py="lg">
        <Group gap="lg">
          <Anchor component={Link} to={paths.legals.privacy.path} size="sm" c="dimmed">
            {t('login.privacy')}
          </Anchor>
          <Anchor component={Link} to={paths.legals.terms.path} size="sm" c="dimmed">
            {t('login.terms')}
          </Anchor>
        </Group>
        <Text size="xs" c="dimmed">
          © {new Date().getFullYear()} Owo
        </Text>
      </Stack>
    </Box>
  );
}
