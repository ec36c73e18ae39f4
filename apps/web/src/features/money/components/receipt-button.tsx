import { Button, type ButtonProps } from '@mantine/core';
import { useState } from 'react';
import { MSG } from '@owo/contract';
import { isApiError } from '../../../lib/api';
import { toastError, toastSuccess } from '../../../lib/toast';
import { fetchReceiptLink } from '../api';
import { canDownloadReceipt } from '../rules';
import { useTranslation } from 'react-i18next';

/** Download Receipt (002 §4, §7): only for eligible transactions; opens the signed pdf_url. */
export function ReceiptButton(
  props: {
    transaction: { id: string; type: string; status: string; receiptAvailable?: boolean };
  } & ButtonProps,
) {
  const { t } = useTranslation('money');
  const { transaction, ...button } = props;
  const [busy, setBusy] = useState(false);
  if (!canDownloadReceipt(transaction)) return null;
  async function download() {
    // Open the tab inside the click so pop-up blockers allow it, then point it at the PDF.
    const tab = window.open('', '_blank');
    setBusy(true);
    try {
      const link = await fetchReceiptLink(transaction.id);
      if (tab) tab.location.href = link.pdf_url;
      else window.location.assign(link.pdf_url);
      toastSuccess(MSG.receiptDownloaded);
    } catch (e) {
      tab?.close();
      if (isApiError(e) && e.httpStatus < 500 && e.httpStatus !== 403) toastError(e.message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="secondary" loading={busy} onClick={() => void download()} {...button}>
      {t('receiptButton.downloadReceipt')}
    </Button>
  );
}
