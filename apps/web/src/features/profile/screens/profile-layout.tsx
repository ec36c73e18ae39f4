import { Box, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../lib/paths';

const TABS = [
  { key: 'profile', to: paths.profile.root.path },
  { key: 'accounts', to: paths.profile.accounts.path },
  { key: 'security', to: paths.profile.security.path },
  { key: 'notifications', to: paths.profile.notifications.path },
  { key: 'bankDetails', to: paths.profile.bankDetails.path },
] as const;

/** /profile/*: the user's own pages under one header with tabs (000 §2.2). */
export function ProfileLayout() {
  const { t } = useTranslation('accounts');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = TABS.find((tab) => tab.to === pathname)?.to ?? paths.profile.root.path;
  return (
    <Box maw={1040} mx="auto">
      <PageHeader title={t('profile.pageTitle')} description={t('profile.pageText')} />
      <Tabs value={current} onChange={(v) => v && navigate(v)} mb="lg" keepMounted={false}>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.key} value={tab.to}>
              {t(`profile.tabs.${tab.key}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Box>
  );
}
