import { TextInput, type TextInputProps } from '@mantine/core';
import { useEffect, useState } from 'react';
import { MSG } from '@owo/contract/messages';
import { dateFieldValue, isoToDisplay, maskDateTyping, parseDisplayDate } from '../lib/dates';
import { messageText } from '../lib/messages';

export type DateFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'type'> & {
  /** ISO 'YYYY-MM-DD' (or '' / null / the rejected text, as `onChange` gave it). */
  value: string | null | undefined;
  /** ISO date when valid, '' when empty, else the typed text (so the form's schema refuses it). */
  onChange: (value: string) => void;
  /** Shown on blur when the text is not a real date and no other error is given. */
  invalidMessage?: string;
};

/**
 * The one date input (000 §5): typed and shown as DD/MM/YYYY in every browser locale, sends ISO
 * dates. Use it directly, or through react-hook-form's `useController` (see KYB's date fields).
 */
export function DateField({ value, onChange, invalidMessage, error, onBlur, ...rest }: DateFieldProps) {
  const [text, setText] = useState(() => isoToDisplay(value) || (value ?? ''));
  const [touched, setTouched] = useState(false);
  // Follow the value when it changes from outside (form reset, URL state, a cleared filter).
  useEffect(() => {
    if (dateFieldValue(text) !== (value ?? '')) setText(isoToDisplay(value) || (value ?? ''));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only an outside change of value re-syncs the text, not typing
  }, [value]);
  const invalid = touched && !!text.trim() && !parseDisplayDate(text);
  return (
    <TextInput
      placeholder="DD/MM/YYYY"
      inputMode="numeric"
      autoComplete="off"
      maxLength={10}
      {...rest}
      value={text}
      error={error || (invalid ? messageText(invalidMessage ?? MSG.invalidDate) : undefined)}
      onChange={(e) => {
        const next = maskDateTyping(e.currentTarget.value);
        setText(next);
        if (next.length === 10) setTouched(true);
        onChange(dateFieldValue(next));
      }}
      onBlur={(e) => {
        setTouched(true);
        onBlur?.(e);
      }}
    />
  );
}
