import { Accordion, NavLink, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useLayoutEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterNavLink, useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { logoutStaff, useResources } from '../../lib/session';
import { TOUR_REVEAL_EVENT } from '../../features/tour';
import { AREAS, areaForPath, visibleSidebar, type AreaKey } from '../areas';

/** Manage profile, Switch account and Log out, under the groups. */
function SidebarFooter(props: { onNavigate?: () => void }) {
  const { t } = useTranslation('nav');
  const navigate = useNavigate();

  async function logOut() {
    await logoutStaff();
    void navigate(paths.auth.login.path, { replace: true });
  }

  return (
    <Stack gap={2} p="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <NavLink
        component={RouterNavLink}
        to={paths.profile.root.path}
        label={t('footer.manageProfile')}
        onClick={props.onNavigate}
        style={{ borderRadius: 8 }}
      />
      <NavLink
        component={RouterNavLink}
        to={paths.account.switch.path}
        label={t('footer.switchAccount')}
        onClick={props.onNavigate}
        style={{ borderRadius: 8 }}
      />
      <UnstyledButton onClick={logOut} px={12} py={8} c="red.9" fz="sm" style={{ borderRadius: 8 }}>
        {t('footer.logOut')}
      </UnstyledButton>
    </Stack>
  );
}

/** 000 §2.5: groups shown only with a visible item; first group open; one open at a time. */
export function Sidebar(props: { onNavigate?: () => void }) {
  const { t } = useTranslation('nav');
  const resources = useResources();
  const groups = useMemo(() => visibleSidebar(resources), [resources]);
  const location = useLocation();
  const current = areaForPath(location.pathname)?.key;
  const groupOf = (area: AreaKey | undefined) => groups.find((g) => area && g.items.includes(area))?.key;
  const [open, setOpen] = useState<string | null>(() => groupOf(current) ?? groups[0]?.key ?? null);
  // The open group follows the page: moving to a page of another group opens that group (a page
  // outside the sidebar leaves the open group as it is).
  const [shownFor, setShownFor] = useState(current);
  if (current !== shownFor) {
    setShownFor(current);
    const next = groupOf(current);
    if (next) setOpen(next);
  }

  // The guided tour points at a sidebar entry in a collapsed group: open that group (listening
  // from the layout phase, before the tour's first look).
  useLayoutEffect(() => {
    const reveal = (e: Event) => {
      const name = (e as CustomEvent<unknown>).detail;
      if (typeof name !== 'string' || !name.startsWith('nav-')) return;
      const group = groups.find((g) => g.items.some((k) => `nav-${k}` === name));
      if (group) setOpen(group.key);
    };
    window.addEventListener(TOUR_REVEAL_EVENT, reveal);
    return () => window.removeEventListener(TOUR_REVEAL_EVENT, reveal);
  }, [groups]);

  return (
    <Stack h="100%" gap={0}>
      <ScrollArea style={{ flex: 1 }} px="xs" pt="md">
        <Accordion
          value={open}
          onChange={setOpen}
          variant="default"
          chevronPosition="right"
          styles={{
            item: { borderBottom: 0 },
            content: { padding: '0 0 8px' },
            control: { paddingLeft: 12 },
          }}
        >
          {groups.map((g) => (
            <Accordion.Item key={g.key} value={g.key}>
              <Accordion.Control aria-label={t(`groups.${g.key}`)}>
                <Text size="xs" fw={700} tt="uppercase" c="dimmed" style={{ letterSpacing: 0.4 }}>
                  {t(`groups.${g.key}`)}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                {g.items.map((key) => (
                  <NavLink
                    key={key}
                    component={RouterNavLink}
                    to={AREAS[key].path}
                    // `end`: React Router marks a prefix match `aria-current`, which Mantine paints as
                    // active (Invoices' /inflows under Payment invitations); `active` decides alone.
                    end
                    label={t(`titles.${key}`)}
                    active={current === key}
                    onClick={props.onNavigate}
                    style={{ borderRadius: 8 }}
                    data-testid={`sidebar-${key}`}
                    data-tour={`nav-${key}`}
                  />
                ))}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </ScrollArea>
      <SidebarFooter onNavigate={props.onNavigate} />
    </Stack>
  );
}
