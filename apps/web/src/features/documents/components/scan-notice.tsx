import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Above a form a scan filled: how many fields, and whether some still want checking. */
export function ScanNotice(props: { filled: number; lowCount: number }) {
  const { t } = useTranslation('documents');
  if (!props.filled) return null;
  const fields = props.filled === 1 ? '1 field' : `${props.filled} fields`;
  return (
    <Alert color={props.lowCount ? 'yellow' : 'blue'} data-testid="scan-notice">
      {t('scanNotice.weFilledFromYourDocument', {
        fields,
        check: props.lowCount ? t('scanNotice.checkTheHighlightedOnes') : '',
      })}
    </Alert>
  );
}
