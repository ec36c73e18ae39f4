// The public header's Features and Resources menus and the narrow-screen drawer: their own chunk,
// loaded on the first hover, focus or click of a menu button or the burger (issue 38 §3). Mantine's
// Menu and Drawer bring floating-ui, a scroll lock and a focus trap (~36 KB gzip) that a visitor
// who never opens a menu does not need. public-header.tsx renders the same buttons until then.
import { Divider, Drawer, Menu, NavLink, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FEATURES } from '../content/features';
import { PUBLIC_PATHS } from '../paths';
import { OwoLogo } from './logo';
import { NavTrigger, RESOURCES } from './public-header-parts';

export type NavMenuKey = 'features' | 'resources';
/** How the menu came alive: opened by a hover or click, or focused from the keyboard. */
export type Wake = 'open' | 'focus';

const focusOnMount = (wake: Wake) => (el: HTMLButtonElement | null) => {
  if (el && wake === 'focus') el.focus();
};

/** The Features or Resources menu, opened (or its button focused) as it mounts. */
export function NavMenu({ menu, wake }: { menu: NavMenuKey; wake: Wake }) {
  const features = menu === 'features';
  return (
    <Menu
      trigger="click-hover"
      openDelay={60}
      closeDelay={120}
      width={features ? 560 : 280}
      position="bottom-start"
      shadow="md"
      radius="md"
      defaultOpened={wake === 'open'}
    >
      <Menu.Target>
        <NavTrigger label={features ? 'Features' : 'Resources'} ref={focusOnMount(wake)} />
      </Menu.Target>
      {features ? (
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
      ) : (
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
      )}
    </Menu>
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

/** The narrow-screen drawer with the links and the sign-in buttons. */
export function MobileDrawer(props: { opened: boolean; onClose: () => void; authButtons: ReactNode }) {
  const below1200 = useMediaQuery('(max-width: 1200px)');
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      size={below1200 ? '80%' : 230}
      position="right"
      title={<OwoLogo />}
      hiddenFrom="lg"
      zIndex={300}
    >
      <MobileNav authButtons={props.authButtons} />
    </Drawer>
  );
}
