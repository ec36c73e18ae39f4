import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { StatusScreen } from '../../components/page-states';
import { paths } from '../../lib/paths';

/** Top-level 404 (000 §2.3): 'Page Not Found'. */
export function NotFoundPage() {
  const { t } = useTranslation(['errors', 'common']);
  return (
    <StatusScreen
      fullHeight
      code="404"
      title={t('errors:notFound.title')}
      text={t('errors:notFound.text')}
      actions={
        <Button component={Link} to={paths.home.path}>
          {t('errors:notFound.home')}
        </Button>
      }
    />
  );
}

/** The dashboard's catch-all (000 §2.3): 'We Lost that Page...' with Go Back and Back to Home (/dashboard). */
export function DashboardNotFoundPage() {
  const { t } = useTranslation(['errors', 'common']);
  const navigate = useNavigate();
  return (
    <StatusScreen
      code="404"
      title={t('errors:dashboardNotFound.title')}
      text={t('errors:dashboardNotFound.text')}
      actions={
        <Group>
          <Button variant="secondary" onClick={() => navigate(-1)}>
            {t('common:actions.goBack')}
          </Button>
          <Button component={Link} to={paths.dashboard.path}>
            {t('common:actions.backToHome')}
          </Button>
        </Group>
      }
    />
  );
}
