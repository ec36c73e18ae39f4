// What the public header and its lazily loaded menus (public-nav-menus.tsx) both draw.
import { Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { PUBLIC_PATHS } from '../paths';
import { ChevronDownIcon } from './icons';

export const RESOURCES = [
  {
    label: 'Blog',
    to: PUBLIC_PATHS.support,
    text: 'Guides on payments, payroll and tax for Nigerian businesses.',
  },
  { label: 'Webinars', to: PUBLIC_PATHS.support, text: 'Live walkthroughs with our product team.' },
];

// Menu.Target gives its child the ref and aria-haspopup/aria-expanded: they belong on the button
// itself (a wrapping <div> with aria-expanded is an axe 'aria-allowed-attr' violation).
export function NavTrigger({ label, ...others }: { label: string } & React.ComponentPropsWithRef<'button'>) {
  return (
    <UnstyledButton
      {...others}
      px="sm"
      py={6}
      fz="sm"
      fw={500}
      c="dark.6"
      style={{ display: 'flex', alignItems: 'center', gap: 4 }}
    >
      {label}
      <ChevronDownIcon size={14} />
    </UnstyledButton>
  );
}

const topLinkStyle = { textDecoration: 'none' } as const;

export function TopLink({ to, label, external }: { to: string; label: string; external?: boolean }) {
  if (external) {
    return (
      <Text component="a" href={to} px="sm" py={6} fz="sm" fw={500} c="dark.6" style={topLinkStyle}>
        {label}
      </Text>
    );
  }
  return (
    <Text component={Link} to={to} px="sm" py={6} fz="sm" fw={500} c="dark.6" style={topLinkStyle}>
      {label}
    </Text>
  );
}
