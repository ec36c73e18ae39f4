import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KYB_FORM, type KybAccount } from '@owo/contract';
import { ok, renderApp } from '../../app/test-utils';
import { canOpenStep, firstIncompleteStep, setupProgress } from './kyb/kyb-nav';

const kyb = (maxStep: number, over: Partial<KybAccount> = {}): KybAccount => ({
  info:
    maxStep >= 1
      ? {
          legalName: 'Acme Nigeria Ltd',
          tradingName: null,
          registrationType: 'RC',
          registrationNumber: 'RC123456',
          incorporationDate: '2019-04-01',
          industry: 'Technology',
          tin: null,
          website: null,
          description: null,
        }
      : null,
  bvn: maxStep >= 2 ? { bvn: '*******8901' } : null,
  contact: null,
  ownership: { owners: [] },
  documents: null,
  progress: { maxStep, isComplete: maxStep >= 5, fillPercentage: 0 },
  ...over,
});

const kybRoutes = (data: KybAccount) => ({
  'GET /api/parameter/account': ok(data),
  'GET /api/parameter/account/parameters': ok({ steps: KYB_FORM }),
});

describe('KYB navigation rules (000 §2.6, §4.2)', () => {
  it('opens done steps and the next one only', () => {
    expect(canOpenStep('info', 0)).toBe(true);
    expect(canOpenStep('bvn', 0)).toBe(false);
    expect(canOpenStep('contact', 2)).toBe(true);
    expect(canOpenStep('ownership', 2)).toBe(false);
    expect(canOpenStep('documents', 5)).toBe(true);
  });

  it('sends Complete KYC to the first step not done, or the review when all are', () => {
    expect(firstIncompleteStep(0)).toBe('info');
    expect(firstIncompleteStep(3)).toBe('ownership');
    expect(firstIncompleteStep(5)).toBe('operations');
  });

  it('counts steps completed out of 5', () => {
    expect(setupProgress(2)).toEqual({ done: 2, total: 5, percent: 40 });
    expect(setupProgress(9).done).toBe(5);
  });
});

describe('KYB setup screen', () => {
  it('does not open a step beyond the highest reached one', async () => {
    const { router } = renderApp('/account/setup/documents', { session: {}, routes: kybRoutes(kyb(1)) });
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/setup/bvn'));
    expect(await screen.findByText('1 steps completed out of 5')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Setup steps' });
    expect(within(nav).getByRole('button', { name: /Company Info/ })).toBeEnabled();
    expect(within(nav).getByRole('button', { name: /BVN Details/ })).toBeEnabled();
    expect(within(nav).getByRole('button', { name: /Company Contacts/ })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: /Company Formation/ })).toBeDisabled();
  });

  it('saves a step with the contract rules and moves to the next', async () => {
    const saved = kyb(2);
    const { router, api } = renderApp('/account/setup/bvn', {
      session: {},
      routes: { ...kybRoutes(kyb(1)), 'PUT /api/parameter/account/bvn': ok(saved, 'BVN details saved') },
    });
    const input = await screen.findByRole('textbox', { name: /BVN/ });
    fireEvent.change(input, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('BVN must be exactly 11 digits')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(input, { target: { value: '22345678901' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/setup/contact'));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ bvn: '22345678901' });
    expect(await screen.findByText('2 steps completed out of 5')).toBeInTheDocument();
  });

  it('clears a field error as the fix is typed, so one click on Save and continue is enough (issue 37)', async () => {
    const { router, api } = renderApp('/account/setup/bvn', {
      session: {},
      routes: { ...kybRoutes(kyb(1)), 'PUT /api/parameter/account/bvn': ok(kyb(2), 'BVN details saved') },
    });
    const input = await screen.findByRole('textbox', { name: /BVN/ });
    fireEvent.change(input, { target: { value: '12345' } });
    fireEvent.blur(input);
    expect(await screen.findByText('BVN must be exactly 11 digits')).toBeInTheDocument();
    // typing the fix removes the message at once, not on the blur the button's click causes
    // (that late removal moved the button from under the pointer and lost the click)
    fireEvent.change(input, { target: { value: '22345678901' } });
    await waitFor(() => expect(screen.queryByText('BVN must be exactly 11 digits')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/setup/contact'));
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('takes the incorporation date as DD/MM/YYYY, sends ISO, and gives the field its message', async () => {
    const { api } = renderApp('/account/setup/info', {
      session: {},
      // Info filled in but not yet saved as a step (so the form is submitted, not skipped).
      routes: {
        ...kybRoutes(kyb(0, { info: kyb(1).info })),
        'PUT /api/parameter/account/info': ok(kyb(1), 'Saved'),
      },
    });
    const date = await screen.findByRole('textbox', { name: /Date of incorporation/ });
    expect(date).toHaveValue('01/04/2019'); // the saved ISO date, shown DD/MM/YYYY
    expect(date).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    fireEvent.change(date, { target: { value: '31022019' } });
    expect(date).toHaveValue('31/02/2019');
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Enter a valid date')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(date, { target: { value: '05/03/2020' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      incorporationDate: '2020-03-05',
    });
  });

  it('saves a finished step again when it was edited', async () => {
    const { api } = renderApp('/account/setup/info', {
      session: {},
      routes: { ...kybRoutes(kyb(1)), 'PUT /api/parameter/account/info': ok(kyb(1), 'Saved') },
    });
    const date = await screen.findByRole('textbox', { name: /Date of incorporation/ });
    fireEvent.change(date, { target: { value: '02/04/2019' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(api.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      incorporationDate: '2019-04-02',
    });
  });

  it('adds and removes owners', async () => {
    renderApp('/account/setup/ownership', {
      session: {},
      routes: kybRoutes(
        kyb(3, {
          contact: {
            email: 'a@b.ng',
            phone: '+2348031234567',
            address: '1 Marina',
            city: 'Lagos',
            state: 'Lagos',
            country: 'NG',
          },
        }),
      ),
    });
    await screen.findByText('Owner 1');
    fireEvent.click(screen.getByRole('button', { name: 'Add owner' }));
    expect(await screen.findAllByTestId('owner-card')).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove' })[0]);
    await waitFor(() => expect(screen.getAllByTestId('owner-card')).toHaveLength(1));
  });

  it('shows Access Forbidden without create rights on parameters', async () => {
    renderApp('/account/setup/info', {
      session: { resources: { parameters: ['get'], insights: ['get'] } },
      routes: kybRoutes(kyb(0)),
    });
    expect(await screen.findByText('403')).toBeInTheDocument();
  });
});

describe('KYB document upload checks (000 §5)', () => {
  it('refuses files over 1 MB and anything but images and PDFs before uploading', async () => {
    const { checkUpload } = await import('./kyb/document-field');
    const file = (size: number, type: string) => new File([new Uint8Array(size)], 'doc', { type });
    expect(checkUpload(file(1048577, 'application/pdf'))).toBe('File size is too large');
    expect(checkUpload(file(1000, 'text/csv'))).toBe('Invalid file format, please select an image or pdf');
    expect(checkUpload(file(1048576, 'image/png'))).toBeNull();
  });

  it("shows the server's message, or 'File processing failed', when an upload fails", async () => {
    const docs = kyb(4, {
      ownership: {
        owners: [
          {
            id: 'o1',
            name: 'Ada Obi',
            bvn: '*******8901',
            share: 100,
            email: null,
            phone: null,
            position: null,
            isDirector: true,
          },
        ],
      },
    });
    renderApp('/account/setup/documents', {
      session: {},
      routes: {
        ...kybRoutes(docs),
        'POST /api/files/upload': {
          status: 400,
          body: {
            status: 'validation-error',
            message: 'Validation failed',
            errors: { file: ['This file is not a real PDF'] },
          },
        },
      },
    });
    const input = await screen.findByTestId('file-certificateOfIncorporation');
    fireEvent.change(input, {
      target: { files: [new File(['%PDF'], 'cert.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByText('This file is not a real PDF')).toBeInTheDocument();
  });
});
