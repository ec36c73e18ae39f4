// Public site header (002 §2): Features and Resources dropdowns, Pricing, FAQ (-> /faq; the spec's
// link to registration was a bug), Documentation, and Log In / Create an Account, or Go to
// Dashboard when a staff user is signed in. Below 1200 px a drawer replaces the links.
import {
  Box,
  Burger,
  Button,
  Container,
  Divider,
  Drawer,
  Group,
  Menu,
  NavLink,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { Link, useLocation } from 'react-router-dom';
import { useEffect } from 'react';
import { useHydrated } from '../../../lib/hydrated';
import { useHasSession } from '../../../lib/session';
import { FEATURES } from '../content/features';
import { PUBLIC_PATHS } from '../paths';
import { ChevronDownIcon } from './icons';
import { OwoLogo } from './logo';
import type { ReactNode } from 'react';

const RESOURCES = [
  {
    label: 'Blog',
    to: PUBLIC_PATHS.support,
    text: 'Guides on payments, payroll and tax for Nigerian businesses.',
  },
  { label: 'Webinars', to: PUBLIC_PATHS.support, text: 'Live walkthroughs with our product team.' },
];

// Menu.Target gives its child the ref and aria-haspopup/aria-expanded: they belong on the button
// itself (a wrapping <div> with aria-expanded is an axe 'aria-allowed-attr' violation).
function NavTrigger({ label, ...others }: { label: string } & React.ComponentPropsWithRef<'button'>) {
  return (
    <UnstyledButton
      {...others}
      px="sm"
      py={6}
      fz="sm"
      fw={500}
      c="dark.6"
      style={{ display: 'flex', alignItems: 'center', gap: 4 }}
    >
      {label}
      <ChevronDownIcon size={14} />
    </UnstyledButton>
  );
}

const topLinkStyle = { textDecoration: 'none' } as const;

function TopLink({ to, label, external }: { to: string; label: string; external?: boolean }) {
  if (external) {
    return (
      <Text component="a" href={to} px="sm" py={6} fz="sm" fw={500} c="dark.6" style={topLinkStyle}>
        {label}
      </Text>
    );
  }
  return (
    <Text component={Link} to={to} px="sm" py={6} fz="sm" fw={500} c="dark.6" style={topLinkStyle}>
      {label}
    </Text>
  );
}

/** Wide screens: Features and Resources menus, Pricing, FAQ, Documentation. */
function DesktopNav() {
  return (
    <Group gap={4} visibleFrom="lg" component="nav" aria-label="Main">
      <Menu
        trigger="click-hover"
        openDelay={60}
        closeDelay={120}
        width={560}
        position="bottom-start"
        shadow="md"
        radius="md"
      >
        <Menu.Target>
          <NavTrigger label="Features" />
        </Menu.Target>
        <Menu.Dropdown p="sm">
          <SimpleGrid cols={2} spacing={4}>
            {FEATURES.map((f) => (
              <Menu.Item key={f.key} component={Link} to={f.path}>
                <Text fz="sm" fw={600}>
                  {f.name}
                </Text>
                <Text fz="xs" c="dimmed">
                  {f.blurb}
                </Text>
              </Menu.Item>
            ))}
          </SimpleGrid>
        </Menu.Dropdown>
      </Menu>
      <TopLink to={PUBLIC_PATHS.pricing} label="Pricing" />
      <TopLink to={PUBLIC_PATHS.faq} label="FAQ" />
      <TopLink to={PUBLIC_PATHS.docs} label="Documentation" external />
      <Menu
        trigger="click-hover"
        openDelay={60}
        closeDelay={120}
        width={280}
        position="bottom-start"
        shadow="md"
        radius="md"
      >
        <Menu.Target>
          <NavTrigger label="Resources" />
        </Menu.Target>
        <Menu.Dropdown p="xs">
          {RESOURCES.map((r) => (
            <Menu.Item key={r.label} component={Link} to={r.to}>
              <Text fz="sm" fw={600}>
                {r.label}
              </Text>
              <Text fz="xs" c="dimmed">
                {r.text}
              </Text>
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** The drawer's links on narrow screens, then the sign-in buttons. */
function MobileNav({ authButtons }: { authButtons: ReactNode }) {
  return (
    <ScrollArea h="calc(100vh - 80px)" type="never">
      <Stack gap={4}>
        <NavLink label="Features" childrenOffset={12}>
          {FEATURES.map((f) => (
            <NavLink key={f.key} component={Link} to={f.path} label={f.name} />
          ))}
        </NavLink>
        <NavLink component={Link} to={PUBLIC_PATHS.pricing} label="Pricing" />
        <NavLink component={Link} to={PUBLIC_PATHS.faq} label="FAQ" />
        <NavLink component="a" href={PUBLIC_PATHS.docs} label="Documentation" />
        <NavLink label="Resources" childrenOffset={12}>
          {RESOURCES.map((r) => (
            <NavLink key={r.label} component={Link} to={r.to} label={r.label} />
          ))}
        </NavLink>
        <NavLink label="Legal" childrenOffset={12}>
          <NavLink component={Link} to={PUBLIC_PATHS.privacy} label="Privacy Policy" />
          <NavLink component={Link} to={PUBLIC_PATHS.terms} label="Terms and Conditions" />
          <NavLink component={Link} to={PUBLIC_PATHS.communication} label="Communication Agreement" />
        </NavLink>
        <Divider my="sm" />
        <Stack gap="xs">{authButtons}</Stack>
      </Stack>
    </ScrollArea>
  );
}

export function PublicHeader() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const below1200 = useMediaQuery('(max-width: 1200px)');
  // The prerendered page is the signed-out one; a session shows after hydration (no mismatch).
  const hydrated = useHydrated();
  const isSignedIn = useHasSession() && hydrated;
  const { pathname } = useLocation();
  useEffect(close, [pathname, close]);

  const authButtons = isSignedIn ? (
    <Button component={Link} to={PUBLIC_PATHS.dashboard} color="owo">
      Go to Dashboard
    </Button>
  ) : (
    <>
      <Button component={Link} to={PUBLIC_PATHS.login} variant="subtle" color="dark">
        Log In
      </Button>
      <Button component={Link} to={PUBLIC_PATHS.register} color="owo">
        Create an Account
      </Button>
    </>
  );

  return (
    <Box
      component="header"
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        background: 'rgba(255,255,255,0.94)',
        backdropFilter: 'blur(8px)',
        borderBottom: '1px solid var(--mantine-color-gray-2)',
      }}
    >
      <Container size="xl" h={68}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <OwoLogo />
          <DesktopNav />
          <Group gap="xs" visibleFrom="lg" wrap="nowrap">
            {authButtons}
          </Group>
          <Burger opened={opened} onClick={toggle} hiddenFrom="lg" aria-label="Open menu" />
        </Group>
      </Container>

      <Drawer
        opened={opened}
        onClose={close}
        size={below1200 ? '80%' : 230}
        position="right"
        title={<OwoLogo />}
        hiddenFrom="lg"
        zIndex={300}
      >
        <MobileNav authButtons={authButtons} />
      </Drawer>
    </Box>
  );
}
