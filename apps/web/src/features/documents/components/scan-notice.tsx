import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Above a form a scan filled: how many fields, and whether some still want checking. */
export function ScanNotice(props: { filled: number; lowCount: number }) {
  const { t } = useTranslation('documents');
  if (!props.filled) return null;
  return (
    <Alert color={props.lowCount ? 'yellow' : 'blue'} data-testid="scan-notice">
      {t(props.lowCount ? 'scanNotice.filledCheck' : 'scanNotice.filled', { count: props.filled })}
    </Alert>
  );
}
