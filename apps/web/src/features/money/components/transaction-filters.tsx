import { TRANSACTION_STATUSES, TRANSACTION_TYPES, type WalletDto } from '@owo/contract';
import { FilterBar, type FilterGroup } from '../../../components/list';
import type { TransactionFilters as Filters } from '../api';
import { statusLabel, typeLabel } from '../rules';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The transactions list's filter groups (type, status, wallet) for the list kit's FilterBar. */
export function transactionGroups(wallets: WalletDto[], t: TFunction<'money'>): FilterGroup[] {
  return [
    {
      key: 'type',
      label: t('transactionFilters.type'),
      placeholder: t('transactionFilters.allTypes'),
      options: TRANSACTION_TYPES.map((type) => ({ value: type, label: typeLabel(type) })),
    },
    {
      key: 'status',
      label: t('transactionFilters.status'),
      placeholder: t('transactionFilters.allStatuses'),
      options: TRANSACTION_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
    },
    {
      key: 'walletId',
      label: t('transactionFilters.wallet'),
      placeholder: t('transactionFilters.allWallets'),
      options: wallets.map((w) => ({ value: w.id, label: w.name })),
    },
  ];
}

/** Table filters of /transactions (000 §3, §5): the list kit's FilterBar with these groups. */
export function TransactionFilters(props: {
  wallets: WalletDto[];
  value?: Filters;
  onChange: (f: Filters) => void;
}) {
  const { t } = useTranslation('money');
  return (
    <FilterBar
      groups={transactionGroups(props.wallets, t)}
      value={props.value}
      onChange={props.onChange}
      searchPlaceholder={t('transactionFilters.referenceNarrationNameOrAccount')}
    />
  );
}
