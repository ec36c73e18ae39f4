import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DetailField } from './detail-field';

describe('DetailField', () => {
  it('shows the label above the value, a dash for nothing and a 0 as 0', () => {
    render(
      <MantineProvider>
        <DetailField label="Reference" value="trf_abc123" />
        <DetailField label="Narration" value={null} />
        <DetailField label="Failed" value={0} />
      </MantineProvider>,
    );
    expect(screen.getByText('Reference').nextElementSibling).toHaveTextContent('trf_abc123');
    expect(screen.getByText('Narration').nextElementSibling).toHaveTextContent('—');
    expect(screen.getByText('Failed').nextElementSibling).toHaveTextContent(/^0$/);
  });
});
