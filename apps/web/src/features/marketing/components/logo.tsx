import { Text } from '@mantine/core';
import { Link } from 'react-router-dom';

export function OwoLogo({ to = '/' }: { to?: string }) {
  return (
    <Link
      to={to}
      style={{ display: 'flex', alignItems: 'center', gap: 8, textDecoration: 'none' }}
      aria-label="Owo home"
    >
      <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#0b7a4b" />
        <circle cx="16" cy="16" r="7" fill="none" stroke="#fff" strokeWidth="3.2" />
      </svg>
      <Text fw={800} fz={22} c="dark.8" style={{ letterSpacing: '-0.02em' }}>
        owo
      </Text>
    </Link>
  );
}
