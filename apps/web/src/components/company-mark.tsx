import { Avatar } from '@mantine/core';

/** A company's initials, its first two words' first letters ("Acme Trading Ltd" → "AT"). */
export const companyInitials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

/**
 * The company's mark on what it sends (its invoice's pay page, an employee's payslip): its initials
 * on Owo teal, since companies have no logo upload. Decorative: the name is always written beside it.
 */
export function CompanyMark({ name, size = 48 }: { name: string; size?: number }) {
  return (
    <Avatar size={size} radius="md" color="teal" variant="filled" aria-hidden>
      {companyInitials(name)}
    </Avatar>
  );
}
