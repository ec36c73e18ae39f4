import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { StatusScreen } from '../../components/page-states';
import { paths } from '../../lib/paths';
import { useResources } from '../../lib/session';
import { firstPermittedArea } from '../areas';

/** 000 §2.4 rule 6: no permission for this path. The button goes to the first permitted area. */
export function ForbiddenPage() {
  const { t } = useTranslation(['errors', 'nav']);
  const area = firstPermittedArea(useResources());
  return (
    <StatusScreen
      code="403"
      title={t('errors:forbidden.title')}
      text={t('errors:forbidden.text')}
      actions={
        <Button component={Link} to={area?.path ?? paths.profile.root.path} replace state={null}>
          {area
            ? t('errors:forbidden.action', { area: t(`nav:titles.${area.key}`) })
            : t('errors:forbidden.noArea')}
        </Button>
      }
    />
  );
}
