import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PLACEHOLDER_TOKEN } from '@owo/contract/marketplace';

/** '12345678901234567890' or '1234-5678-...' -> '1234-5678-9012-3456-7890'; the placeholder -> null (N/A). */
export function groupToken(token: string | null | undefined): string | null {
  if (!token) return null;
  const digits = token.replace(/\D/g, '');
  if (digits.length !== 20) return token;
  const grouped = digits.match(/.{4}/g)!.join('-');
  return grouped === PLACEHOLDER_TOKEN ? null : grouped;
}

/** A token shown 4-4-4-4-4 with a copy button (001 §2); N/A for none or the placeholder (001 §9). */
export function TokenText(props: { token: string | null | undefined; size?: string }) {
  const { t } = useTranslation('marketplace');
  const grouped = groupToken(props.token);
  if (!grouped) return <Text size={props.size ?? 'sm'}>{t('token.nA')}</Text>;
  return (
    <Group gap={6} wrap="nowrap">
      <Text size={props.size ?? 'sm'} ff="monospace" fw={600} data-testid="vend-token">
        {grouped}
      </Text>
      <CopyButton value={grouped.replace(/-/g, '')}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('detail.copied') : t('detail.copy')} withArrow>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label={t('detail.copy')}
            >
              {copied ? '✓' : '⧉'}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
