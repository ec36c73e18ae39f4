import { TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef } from 'react';

/** Phone input defaulting to Nigeria (000 §5): shows +234; the contract normalises 080... and +234... forms. */
export const PhoneInput = forwardRef<HTMLInputElement, TextInputProps>(function PhoneInput(props, ref) {
  return (
    <TextInput
      ref={ref}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      leftSection={<span style={{ fontSize: 13, color: 'var(--mantine-color-dimmed)' }}>+234</span>}
      leftSectionWidth={52}
      placeholder="803 000 0000"
      {...props}
    />
  );
});

/** '803 000 0000' typed after the +234 prefix -> '+2348030000000'; other forms pass through. */
export function withNgPrefix(raw: unknown): unknown {
  if (typeof raw !== 'string') return raw;
  const s = raw.replace(/[\s().-]/g, '');
  if (!s) return '';
  if (/^[789][01]\d{8}$/.test(s)) return `+234${s}`;
  return s;
}
