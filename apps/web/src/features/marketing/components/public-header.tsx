// Public site header (002 §2): Features and Resources dropdowns, Pricing, FAQ (-> /faq; the spec's
// link to registration was a bug), Documentation, and Log In / Create an Account, or Go to
// Dashboard when a staff user is signed in. Below 1200 px a drawer replaces the links.
// The menus and the drawer (public-nav-menus.tsx) load on the first hover, focus or click of their
// button: until then the same buttons are drawn here, so a visitor sees no change (issue 38 §3).
import { Box, Burger, Button, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, startTransition, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useHydrated } from '../../../lib/hydrated';
import { useHasSession } from '../../../lib/session';
import { PUBLIC_PATHS } from '../paths';
import { OwoLogo } from './logo';
import { NavTrigger, TopLink } from './public-header-parts';
import type { NavMenuKey, Wake } from './public-nav-menus';

const loadMenus = () => import('./public-nav-menus');
const NavMenu = lazy(async () => ({ default: (await loadMenus()).NavMenu }));
const MobileDrawer = lazy(async () => ({ default: (await loadMenus()).MobileDrawer }));

/**
 * A menu button that turns into the Mantine menu on its first hover, focus or click. In a
 * transition: this button stays (and takes the click) until the menu's chunk is in.
 */
function DeferredMenu({ menu }: { menu: NavMenuKey }) {
  const [wake, setWakeNow] = useState<Wake | null>(null);
  const setWake = (w: Wake | null | ((w: Wake | null) => Wake | null)) =>
    startTransition(() => setWakeNow(w));
  const label = menu === 'features' ? 'Features' : 'Resources';
  const button = (
    <NavTrigger
      label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      onMouseEnter={() => setWake('open')}
      onClick={() => setWake('open')}
      onFocus={() => setWake((w) => w ?? 'focus')}
    />
  );
  if (!wake) return button;
  return (
    <Suspense fallback={button}>
      <NavMenu menu={menu} wake={wake} />
    </Suspense>
  );
}

/** Wide screens: Features and Resources menus, Pricing, FAQ, Documentation. */
function DesktopNav() {
  return (
    <Group gap={4} visibleFrom="lg" component="nav" aria-label="Main">
      <DeferredMenu menu="features" />
      <TopLink to={PUBLIC_PATHS.pricing} label="Pricing" />
      <TopLink to={PUBLIC_PATHS.faq} label="FAQ" />
      <TopLink to={PUBLIC_PATHS.docs} label="Documentation" external />
      <DeferredMenu menu="resources" />
    </Group>
  );
}

function AuthButtons({ signedIn }: { signedIn: boolean }): ReactNode {
  if (signedIn)
    return (
      <Button component={Link} to={PUBLIC_PATHS.dashboard} color="owo">
        Go to Dashboard
      </Button>
    );
  return (
    <>
      <Button component={Link} to={PUBLIC_PATHS.login} variant="subtle" color="dark">
        Log In
      </Button>
      <Button component={Link} to={PUBLIC_PATHS.register} color="owo">
        Create an Account
      </Button>
    </>
  );
}

export function PublicHeader() {
  const [opened, { toggle, close }] = useDisclosure(false);
  // The drawer's chunk loads with the first open and stays mounted (its close transition plays).
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  if (opened && !drawerLoaded) setDrawerLoaded(true);
  // The prerendered page is the signed-out one; a session shows after hydration (no mismatch).
  const hydrated = useHydrated();
  const isSignedIn = useHasSession() && hydrated;
  const { pathname } = useLocation();
  useEffect(close, [pathname, close]);
  const authButtons = <AuthButtons signedIn={isSignedIn} />;

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

      {drawerLoaded && (
        <Suspense fallback={null}>
          <MobileDrawer opened={opened} onClose={close} authButtons={authButtons} />
        </Suspense>
      )}
    </Box>
  );
}
