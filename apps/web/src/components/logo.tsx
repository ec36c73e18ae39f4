import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { paths } from '../lib/paths';

export function Logo(props: { to?: string; inverted?: boolean }) {
  return (
    <Anchor component={Link} to={props.to ?? paths.home.href()} underline="never" aria-label="Owo home">
      <Group gap={8} wrap="nowrap">
        <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden>
          <rect width="32" height="32" rx="8" fill="#0b7a4b" />
          <circle cx="16" cy="16" r="7" fill="none" stroke="#fff" strokeWidth="3.5" />
        </svg>
        <Text fw={800} fz={22} c={props.inverted ? 'white' : 'dark.8'} style={{ letterSpacing: -0.5 }}>
          owo
        </Text>
      </Group>
    </Anchor>
  );
}
