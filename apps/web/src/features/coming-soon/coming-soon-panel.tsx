import { Badge, Card, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { areaForPath } from '../../app/areas';
import { PageHeader } from '../../components/page-header';

/** Placeholder for dashboard areas that later issues build: routed, guarded and titled already. */
/** `titleKey`: a name under common:comingSoon.titles when the path's area does not name the page. */
export function ComingSoonPanel(props: {
  titleKey?: 'importPaymentTags' | 'sendBill' | 'vendorOnboarding' | 'invoicePayment';
}) {
  const { t } = useTranslation(['common', 'nav']);
  const area = areaForPath(useLocation().pathname);
  const name = props.titleKey
    ? t(`common:comingSoon.titles.${props.titleKey}`)
    : area
      ? t(`nav:titles.${area.key}`)
      : t('nav:titles.dashboard');
  return (
    <Card maw={640} mx="auto" mt="xl" p="xl" data-testid="coming-soon">
      <Stack align="center" ta="center" gap="sm" py="lg">
        <Badge variant="light" size="lg">
          {t('common:comingSoon.title')}
        </Badge>
        <PageHeader mb={0} title={name} />
        <Text c="dimmed" maw={440}>
          {t('common:comingSoon.text', { area: name })}
        </Text>
      </Stack>
    </Card>
  );
}
