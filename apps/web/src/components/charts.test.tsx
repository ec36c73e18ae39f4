import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BarChart, DonutChart, niceMax } from './charts';

const money = (v: number) => `₦${v.toLocaleString('en-NG')}`;

describe('the chart kit', () => {
  it('scales to a round top at least the largest value', () => {
    expect([niceMax(0), niceMax(7), niceMax(180), niceMax(2_400), niceMax(51)]).toEqual([
      1, 10, 200, 2_500, 100,
    ]);
  });

  it('draws one bar per category and series, sized against the scale, named with its value', () => {
    render(
      <MantineProvider>
        <BarChart
          h={200}
          data={[
            { bucket: 'Jan', 'Money in': 150, 'Money out': 50 },
            { bucket: 'Feb', 'Money in': 200, 'Money out': 0 },
          ]}
          dataKey="bucket"
          series={[
            { name: 'Money in', color: 'teal.6' },
            { name: 'Money out', color: 'red.5' },
          ]}
          valueFormatter={money}
          withLegend
        />
      </MantineProvider>,
    );
    const janIn = screen.getByRole('img', { name: 'Jan · Money in: ₦150' });
    expect(janIn.style.height).toBe('75%');
    expect(screen.getByRole('img', { name: 'Feb · Money in: ₦200' }).style.height).toBe('100%');
    expect(screen.getAllByRole('img')).toHaveLength(4);
    expect(screen.getByText('Money out')).toBeInTheDocument();
    expect(screen.getByText('₦200')).toBeInTheDocument(); // the axis top
  });

  it('draws rows for orientation="vertical" with each row colour and value beside the bar', () => {
    render(
      <MantineProvider>
        <BarChart
          h={100}
          orientation="vertical"
          data={[{ status: 'Paid (2)', Amount: 40, color: 'teal.5' }]}
          dataKey="status"
          series={[{ name: 'Amount', color: 'indigo.6' }]}
          valueFormatter={money}
        />
      </MantineProvider>,
    );
    const bar = screen.getByRole('img', { name: 'Paid (2) · Amount: ₦40' });
    expect(bar.style.width).toBe('68%');
    expect(bar.style.background).toContain('teal-5');
    expect(screen.getByText('₦40')).toBeInTheDocument();
  });

  it('draws a donut with each slice named in the key with its amount and share', () => {
    render(
      <MantineProvider>
        <DonutChart
          h={180}
          withLabels
          data={[
            { name: 'Completed', value: 300_000, label: '₦3,000', color: 'teal.6' },
            {
              name: 'A very long status name that would wrap',
              value: 100_000,
              label: '₦1,000',
              color: 'red.6',
            },
          ]}
        />
      </MantineProvider>,
    );
    expect(
      screen.getByRole('img', {
        name: 'Completed: ₦3,000 (75%), A very long status name that would wrap: ₦1,000 (25%)',
      }),
    ).toBeInTheDocument();
    const long = screen.getByTitle('A very long status name that would wrap');
    expect(long).toHaveAttribute('data-truncate', 'end');
    expect(screen.getByText('₦3,000', { exact: false, selector: 'p' })).toHaveTextContent('₦3,000 75%');
    expect(screen.getByText('25%')).toBeInTheDocument();
  });

  it('titles each truncated axis name with the whole name', () => {
    render(
      <MantineProvider>
        <BarChart
          h={100}
          orientation="vertical"
          data={[{ payee: 'Adaeze Okonkwo Enterprises Limited', Paid: 40 }]}
          dataKey="payee"
          series={[{ name: 'Paid', color: 'indigo.6' }]}
        />
      </MantineProvider>,
    );
    expect(screen.getByTitle('Adaeze Okonkwo Enterprises Limited')).toHaveAttribute('data-truncate', 'end');
  });
});
