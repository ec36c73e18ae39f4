import { ActionIcon, Combobox, Group, Text, TextInput, useCombobox } from '@mantine/core';
import { useState } from 'react';
import type { Beneficiary } from '@owo/contract/expenses';
import { useApiMutation } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { expenseApi, refreshExpenses, useBeneficiaries } from '../api';
import { BENEFICIARY_SEARCH_MS, useDebounced } from '../timings';
import { useTranslation } from 'react-i18next';

/**
 * Pick a saved beneficiary (001 §3 Beneficiary; issue 21 §2): searched 300 ms after typing, else the
 * 15 most recent; picking fills the bank, account number and email. A saved one can be deleted.
 */
export function BeneficiaryPicker(props: { onPick: (b: Beneficiary) => void }) {
  const { t } = useTranslation('expenses');
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search, BENEFICIARY_SEARCH_MS);
  const list = useBeneficiaries(debounced.trim());
  const canDelete = useCan('expenses', 'delete');
  const del = useApiMutation({
    mutationFn: (id: string) => expenseApi.deleteBeneficiary(id),
    onSuccess: () => void refreshExpenses(),
  });
  const items = list.data ?? [];
  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const b = items.find((x) => x.id === id);
        if (b) {
          props.onPick(b);
          setSearch(b.accountName);
        }
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <TextInput
          label={t('beneficiaryPicker.savedBeneficiaryOptional')}
          placeholder={t('beneficiaryPicker.searchByNameAccountNumber')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            combobox.openDropdown();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options>
          {items.length === 0 ? (
            <Combobox.Empty>
              {list.isFetching ? t('beneficiaryPicker.searching') : t('beneficiaryPicker.noSavedBeneficiary')}
            </Combobox.Empty>
          ) : (
            items.map((b) => (
              <Combobox.Option value={b.id} key={b.id}>
                <Group justify="space-between" wrap="nowrap">
                  <div>
                    <Text size="sm">{b.accountName}</Text>
                    <Text size="xs" c="dimmed">
                      {b.bankName} · {b.accountNumber}
                    </Text>
                  </div>
                  {canDelete && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('beneficiaryPicker.delete', { accountName: b.accountName })}
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={(e) => {
                        e.stopPropagation();
                        del.mutate(b.id);
                      }}
                    >
                      ×
                    </ActionIcon>
                  )}
                </Group>
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
