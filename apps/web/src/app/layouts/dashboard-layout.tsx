import { AppShell, Box, Burger, Group, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { Logo } from '../../components/logo';
import { FullPageLoader } from '../../components/page-states';
import { SupportChatSlot } from '../../components/support-chat-slot';
import { paths } from '../../lib/paths';
import { AgentBankPrompt, NotificationBell } from '../../features/notifications';
import { GuidedTour } from '../../features/tour';
import { areaForPath } from '../areas';
import { ForbiddenPage } from '../errors/forbidden-page';
import { AccountAlerts } from './account-alerts';
import { MakePaymentMenu } from './make-payment-menu';
import classes from './dashboard-layout.module.css';
import { Sidebar } from './sidebar';
import { SubsidiarySelector } from './subsidiary-selector';

/** 403 answers navigate to the current path with this state (000 §8); the layout then shows Access Forbidden. */
export type ForbiddenState = { forbidden: true; message?: string };
const isForbiddenState = (s: unknown): s is ForbiddenState =>
  !!s && typeof s === 'object' && (s as ForbiddenState).forbidden === true;

export function DashboardLayout(props: { children?: ReactNode }) {
  const { t } = useTranslation('nav');
  const [opened, { toggle, close }] = useDisclosure(false);
  const location = useLocation();
  const area = areaForPath(location.pathname);
  // Paths outside the sidebar areas (/account/..., /profile/..., /notifications) are titled by their
  // first segment when nav.json names it.
  const segment = location.pathname.split('/')[1] ?? '';
  const title = area ? t(`titles.${area.key}`) : t(`titles.${segment}`, { defaultValue: '' });
  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'md', sm: 'xl' }}
      bg="gray.0"
    >
      <AppShell.Header
        px={{ base: 'md', sm: 'xl' }}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
      >
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={t('menu')} />
            <Box w={{ sm: 232 }} visibleFrom="sm" ml={{ sm: -12 }}>
              <Logo to={paths.dashboard.path} />
            </Box>
            <Title order={1} fz={{ base: 17, sm: 22 }} lineClamp={1} data-testid="page-title">
              {title}
            </Title>
          </Group>
          <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
            <SubsidiarySelector />
            <MakePaymentMenu />
            <NotificationBell />
          </Group>
          <SupportChatSlot />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar style={{ borderRight: '1px solid var(--mantine-color-gray-2)' }}>
        <Sidebar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main>
        {/* 000 §2.7: KYC / security alerts above the page, below 768 px only; fold to one line once read. */}
        <div className={classes.alerts}>
          <AccountAlerts />
        </div>
        <Suspense fallback={<FullPageLoader />}>
          {isForbiddenState(location.state) ? <ForbiddenPage /> : (props.children ?? <Outlet />)}
        </Suspense>
      </AppShell.Main>
      <GuidedTour />
      <AgentBankPrompt />
    </AppShell>
  );
}
