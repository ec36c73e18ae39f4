import { NativeSelect, Select, type NativeSelectProps, type SelectProps } from '@mantine/core';
import { forwardRef } from 'react';

export type BankSelectProps = Omit<SelectProps, 'data' | 'value' | 'searchable'> & {
  /** The banks list (`useBanks().data`); undefined while it loads. */
  banks: readonly { code: string; name: string }[] | undefined;
  /** The chosen bank's code ('' or null: none). */
  value: string | null | undefined;
};

/** The one bank picker: a searchable select of the banks by name, answering the bank's code. */
export function BankSelect({ banks, value, ...rest }: BankSelectProps) {
  return (
    <Select
      label="Bank"
      searchable
      data={(banks ?? []).map((b) => ({ value: b.code, label: b.name }))}
      value={value || null}
      {...rest}
    />
  );
}

export type BankNativeSelectProps = Omit<NativeSelectProps, 'data'> & {
  banks: readonly { code: string; name: string }[] | undefined;
  /** The first, unselectable option ("Select Bank"). */
  placeholder: string;
};

/** The bank picker as a native select (react-hook-form's `register` spreads onto it). */
export const BankNativeSelect = forwardRef<HTMLSelectElement, BankNativeSelectProps>(
  function BankNativeSelect({ banks, placeholder, ...rest }, ref) {
    return (
      <NativeSelect
        ref={ref}
        label="Bank"
        data={[
          { value: '', label: placeholder, disabled: true },
          ...(banks ?? []).map((b) => ({ value: b.code, label: b.name })),
        ]}
        {...rest}
      />
    );
  },
);
