import { Alert } from '@mantine/core';

/** Above a form a scan filled: how many fields, and whether some still want checking. */
export function ScanNotice(props: { filled: number; lowCount: number }) {
  if (!props.filled) return null;
  const fields = props.filled === 1 ? '1 field' : `${props.filled} fields`;
  return (
    <Alert color={props.lowCount ? 'yellow' : 'blue'} data-testid="scan-notice">
      We filled {fields} from your document.
      {props.lowCount ? ' Check the highlighted ones.' : ''} Nothing is sent until you confirm.
    </Alert>
  );
}
