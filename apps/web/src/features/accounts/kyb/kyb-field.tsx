// One field of the server's KYB form schema (GET /parameter/account/parameters) bound to the
// step's react-hook-form. Lists and files have their own components (owners-step, document-field).
import { Checkbox, NumberInput, Select, Textarea, TextInput } from '@mantine/core';
import { useController, type Control, type ControllerRenderProps } from 'react-hook-form';
import type { Ref } from 'react';
import type { KybField } from '@owo/contract';
import { DateField } from '../../../components/date-field';
import { PhoneInput } from '../../../components/phone-input';
import { useTranslation } from 'react-i18next';

type Props = { field: KybField; name: string; control: Control<any>; placeholder?: string }; // eslint-disable-line @typescript-eslint/no-explicit-any -- a KYB step's form values differ per step

type Common = {
  label: string;
  required?: boolean;
  error?: string;
  onBlur: () => void;
  ref: Ref<HTMLInputElement>;
  name: string;
};

/** Text, email, URL, and numbers typed as text (BVN, account numbers). */
function textInput(field: KybField, common: Common, f: ControllerRenderProps, placeholder?: string) {
  return (
    <TextInput
      {...common}
      type={field.type === 'email' ? 'email' : field.type === 'url' ? 'url' : 'text'}
      inputMode={field.pattern && /^\^\[0-9\]/.test(field.pattern) ? 'numeric' : undefined}
      maxLength={field.name === 'bvn' ? 11 : undefined}
      placeholder={placeholder}
      value={(f.value as string) ?? ''}
      onChange={(e) => f.onChange(e.currentTarget.value)}
    />
  );
}

/** A yes/no field: its label sits beside the box, so the shared props are taken one by one. */
function checkboxInput(field: KybField, common: Common, f: ControllerRenderProps) {
  return (
    <Checkbox
      label={field.label}
      checked={!!f.value}
      onChange={(e) => f.onChange(e.currentTarget.checked)}
      onBlur={common.onBlur}
      ref={common.ref}
      name={common.name}
      mt="xs"
    />
  );
}

export function KybFieldInput({ field, name, control, placeholder }: Props) {
  const { t } = useTranslation('accounts');
  const { field: f, fieldState } = useController({ name, control });
  const common = {
    label: field.label,
    required: field.required,
    error: fieldState.error?.message,
    onBlur: f.onBlur,
    ref: f.ref,
    name,
  };
  switch (field.type) {
    case 'select':
      return (
        <Select
          {...common}
          data={field.options ?? []}
          value={(f.value as string | undefined) ?? null}
          onChange={(v) => f.onChange(v ?? undefined)}
          searchable={(field.options?.length ?? 0) > 8}
          allowDeselect={false}
          placeholder={placeholder ?? t('kybField.select', { value: field.label.toLowerCase() })}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={(f.value as number | undefined) ?? ''}
          onChange={(v) => f.onChange(typeof v === 'number' ? v : undefined)}
          min={field.min}
          max={field.max}
          decimalScale={2}
          hideControls
        />
      );
    case 'checkbox':
      return checkboxInput(field, common, f);
    case 'textarea':
      return (
        <Textarea
          {...common}
          value={(f.value as string) ?? ''}
          onChange={(e) => f.onChange(e.currentTarget.value)}
          autosize
          minRows={3}
          maxRows={6}
        />
      );
    case 'date':
      return (
        <DateField
          {...common}
          placeholder={placeholder ?? t('kybField.ddMmYyyy')}
          value={(f.value as string | undefined) ?? ''}
          onChange={(v) => f.onChange(v || undefined)}
        />
      );
    case 'tel':
      return (
        <PhoneInput
          {...common}
          value={(f.value as string) ?? ''}
          onChange={(e) => f.onChange(e.currentTarget.value)}
        />
      );
    default:
      return textInput(field, common, f, placeholder);
  }
}
