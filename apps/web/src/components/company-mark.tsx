import { Avatar } from '@mantine/core';
import { companyInitials } from '@owo/contract/accounts';

/**
 * The company's mark on what it sends (its invoice's pay page, an employee's payslip): its initials
 * (`companyInitials`, the same rule as the payslip PDF's mark) on Owo teal, since companies have no
 * logo upload. Decorative: the name is always written beside it.
 */
export function CompanyMark({ name, size = 48 }: { name: string; size?: number }) {
  return (
    <Avatar size={size} radius="md" color="teal" variant="filled" aria-hidden>
      {companyInitials(name)}
    </Avatar>
  );
}
