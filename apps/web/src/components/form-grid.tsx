import { SimpleGrid, type SimpleGridProps } from '@mantine/core';

/**
 * The one way a form puts fields side by side (issue 37): `cols` columns from the tablet breakpoint
 * up, one column on a phone (390 px), so no field is squeezed beside another.
 */
export function FormGrid({ cols = 2, ...rest }: Omit<SimpleGridProps, 'cols'> & { cols?: 2 | 3 | 4 }) {
  return <SimpleGrid cols={{ base: 1, sm: cols }} spacing="md" verticalSpacing="sm" {...rest} />;
}
