import { Button } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fetchFile, saveBlob } from '../../lib/files';
import { paths } from '../../lib/paths';
import { useCan } from '../../lib/session';
import { toastError } from '../../lib/toast';
import { csvQuery, type ListFilters } from './list-query';

/** 000 §6 canAddFunds: create rights on payments. */
export const useCanAddFunds = () => useCan('payments', 'post');

/** The Add Funds toolbar button (000 §6): shown wherever canAddFunds allows it. */
export function AddFundsButton() {
  const navigate = useNavigate();
  if (!useCanAddFunds()) return null;
  return <Button onClick={() => navigate(paths.wallet.addFunds.path)}>Add Funds</Button>;
}

/**
 * Downloads exactly the filtered rows as CSV: the list's own route with `format=csv` and the same
 * filters (the API streams every matching row, RFC 4180, formula-injection guarded).
 */
export function ExportCsvButton(props: {
  path: string;
  filters: ListFilters;
  groups: readonly string[];
  filename: string;
  /** Fixed parameters of the list that are not user filters (a sub-list's `status`, `mine`). */
  fixed?: Record<string, string | undefined>;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="secondary"
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const { blob, filename } = await fetchFile(props.path, {
            query: { ...props.fixed, ...csvQuery(props.filters, props.groups) },
            accept: 'text/csv, application/json',
            fallbackName: props.filename,
            failMessage: 'Could not export the list',
          });
          saveBlob(blob, filename);
        } catch (err) {
          toastError(err instanceof Error ? err.message : 'Could not export the list');
        } finally {
          setBusy(false);
        }
      }}
    >
      Export CSV
    </Button>
  );
}
