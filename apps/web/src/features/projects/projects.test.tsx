import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Project } from '@owo/contract';
import { ok, renderApp } from '../../app/test-utils';

const page = <T,>(items: T[]) => ({
  body: {
    status: 'success',
    message: 'OK',
    data: items,
    metadata: { pagination: { page: 1, limit: 15, totalItems: items.length, totalPages: 1 } },
  },
});
const project: Project = {
  id: '44444444-4444-4444-8444-444444444444',
  name: 'Abuja warehouse',
  description: null,
  active: true,
  budget: '1000.00',
  budgetMinor: 100_000,
  startDate: '2026-01-05',
  endDate: '2026-06-30',
  spent: '400.00',
  spentMinor: 40_000,
  committed: '100.00',
  committedMinor: 10_000,
  remaining: '500.00',
  remainingMinor: 50_000,
  members: [],
  completedAt: null,
  createdAt: '2026-01-01T00:00:00Z',
};

describe('projects screens', () => {
  it('lists active projects with their timeline (DD/MM/YYYY) and spend; /projects/completed asks for inactive ones', async () => {
    const { api } = renderApp('/projects', { session: {}, routes: { 'GET /api/project': page([project]) } });
    const row = await screen.findByRole('row', { name: /Abuja warehouse/ });
    expect(row).toHaveTextContent('05/01/2026 – 30/06/2026');
    expect(row).toHaveTextContent('₦400.00 spent');
    expect(api.calls.find((c) => c.path === '/api/project')!.url.searchParams.get('active')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Completed' }));
    await waitFor(() =>
      expect(
        api.calls
          .filter((c) => c.path === '/api/project')
          .at(-1)!
          .url.searchParams.get('active'),
      ).toBe('false'),
    );
  });

  it('refuses an end date before the start date and sends nothing', async () => {
    const { api } = renderApp('/projects', {
      session: {},
      routes: {
        'GET /api/project': page([]),
        'POST /api/project': ok(project, 'Project created successfully'),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'New project' }));
    const dialog = await screen.findByRole('dialog', { name: 'New project' });
    fireEvent.change(within(dialog).getByLabelText(/Name/), { target: { value: 'X' } });
    fireEvent.change(within(dialog).getByLabelText('Start date'), { target: { value: '05/01/2026' } });
    fireEvent.change(within(dialog).getByLabelText('End date'), { target: { value: '01/01/2026' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create project' }));
    expect(
      await within(dialog).findByText('End date must be on or after the start date'),
    ).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
