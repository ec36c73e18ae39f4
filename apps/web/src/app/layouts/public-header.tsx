import { Anchor, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Logo } from '../../components/logo';
import { paths } from '../../lib/paths';
import { useHasSession } from '../../lib/session';

/** Signed-out header (000 §2.5): Pricing, FAQ, Log In, Create an Account; Go to Dashboard when signed in. */
export function PublicHeader() {
  const { t } = useTranslation('nav');
  const signedIn = useHasSession();
  return (
    <Group
      component="header"
      justify="space-between"
      px={{ base: 'md', sm: 'xl' }}
      h={68}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      bg="white"
    >
      <Logo />
      <Group gap="lg" visibleFrom="sm">
        <Anchor component={Link} to={paths.pricing.path} c="dark.6" fw={500}>
          {t('public.pricing')}
        </Anchor>
        <Anchor component={Link} to={paths.faq.path} c="dark.6" fw={500}>
          {t('public.faq')}
        </Anchor>
      </Group>
      {signedIn ? (
        <Button component={Link} to={paths.dashboard.path}>
          {t('public.dashboard')}
        </Button>
      ) : (
        <Group gap="xs">
          <Button component={Link} to={paths.auth.login.path} variant="subtle">
            {t('public.logIn')}
          </Button>
          <Button component={Link} to={paths.auth.register.path} visibleFrom="xs">
            {t('public.createAccount')}
          </Button>
        </Group>
      )}
    </Group>
  );
}
