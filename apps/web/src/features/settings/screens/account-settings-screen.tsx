import { Box, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { RequirePermission } from '../../../app/guards/guards';
import { paths } from '../../../lib/paths';
import { NotificationsSection, ProfileSection, SecuritySection } from '../../profile';
import { OrganisationSection } from './organisation-section';

export const SETTINGS_SECTIONS = ['profile', 'organisation', 'security', 'notifications'] as const;
type SectionKey = (typeof SETTINGS_SECTIONS)[number];
const isSection = (s: string | undefined): s is SectionKey =>
  !!s && (SETTINGS_SECTIONS as readonly string[]).includes(s);

/** /account/settings/{profile|organisation|security|notifications} (000 §2.2). */
export function AccountSettingsScreen() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const { section } = useParams();
  if (!isSection(section))
    return <Navigate to={paths.account.settings.href({ section: 'profile' })} replace />;
  return (
    <Box maw={1040} mx="auto">
      <PageHeader title={t('settings.title')} description={t('settings.text')} />
      <Tabs
        value={section}
        onChange={(v) => v && navigate(paths.account.settings.href({ section: v }))}
        mb="lg"
      >
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {SETTINGS_SECTIONS.map((s) => (
            <Tabs.Tab key={s} value={s}>
              {t(`settings.tabs.${s}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {section === 'profile' && <ProfileSection />}
      {section === 'organisation' && (
        <RequirePermission resource="parameters">
          <OrganisationSection />
        </RequirePermission>
      )}
      {section === 'security' && <SecuritySection />}
      {section === 'notifications' && <NotificationsSection />}
    </Box>
  );
}
