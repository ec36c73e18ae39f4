import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import * as zod from 'zod';
import { CATEGORY_MSG, METER_IMPORT_MSG, MSG, PAYROLL_MSG, PROJECT_MSG } from '@owo/contract';
import { NoData } from '../components/list/list-body';
import { ApiError } from './api';
import { applyServerErrors, useZodForm } from './forms';
import { i18n, loadMessages } from './i18n';
import { messageText } from './messages';
import { refusalText } from './refusal';
import { toastError, toastSuccess } from './toast';

// A second language with a few contract messages: every door of lib/messages.ts shows them.
const FR = {
  MSG: { noData: 'Aucune donnée disponible' },
  PROJECT_MSG: { nameRequired: 'Le nom du projet est obligatoire', budgetInvalid: 'Budget invalide' },
  PAYROLL_MSG: { noPermission: "Vous n'avez pas le droit de voir les salaires" },
  CATEGORY_MSG: { overBudget: 'Cette dépense dépasserait le budget de {{name}}' },
  METER_IMPORT_MSG: {
    imported_one: '{{count}} compteur enregistré',
    imported_other: '{{count}} compteurs enregistrés',
  },
};

beforeEach(async () => {
  i18n.addResourceBundle('fr', 'messages', FR);
  await i18n.changeLanguage('fr');
  await loadMessages();
});
afterEach(async () => {
  await i18n.changeLanguage('en');
  i18n.removeResourceBundle('fr', 'messages');
});

const schema = zod.object({
  name: zod.string().min(1, PROJECT_MSG.nameRequired),
  budget: zod.string(),
});

function ProjectForm(props: { serverError?: unknown }) {
  const form = useZodForm(schema, { defaultValues: { name: '', budget: '' } });
  const errors = form.formState.errors;
  return (
    <form
      onSubmit={form.handleSubmit(() => {
        if (props.serverError) applyServerErrors(form, props.serverError);
      })}
    >
      <input aria-label="name" {...form.register('name')} />
      <p data-testid="name-error">{errors.name?.message}</p>
      <p data-testid="budget-error">{errors.budget?.message}</p>
      <button type="submit">save</button>
    </form>
  );
}

describe('contract messages in the current language (lib/messages.ts)', () => {
  it('translates a known English message, with its values and plural, and leaves other text', () => {
    expect(messageText(PAYROLL_MSG.noPermission)).toBe(FR.PAYROLL_MSG.noPermission);
    expect(messageText(CATEGORY_MSG.overBudget('Travel & Tours'))).toBe(
      'Cette dépense dépasserait le budget de Travel & Tours',
    );
    expect(messageText(METER_IMPORT_MSG.imported(1))).toBe('1 compteur enregistré');
    expect(messageText(METER_IMPORT_MSG.imported(12))).toBe('12 compteurs enregistrés');
    expect(messageText(`${MSG.noData}\n${PAYROLL_MSG.noPermission}`)).toBe(
      `${FR.MSG.noData}\n${FR.PAYROLL_MSG.noPermission}`,
    );
    // Not in French yet: the contract English.
    expect(messageText(PROJECT_MSG.created)).toBe(PROJECT_MSG.created);
    expect(messageText('Wallet frozen by ops')).toBe('Wallet frozen by ops');
  });

  it('shows a form field error (the zod resolver) in the current language', async () => {
    render(<ProjectForm />);
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText(FR.PROJECT_MSG.nameRequired)).toBeInTheDocument();
    expect(screen.queryByText(PROJECT_MSG.nameRequired)).toBeNull();
  });

  it('shows a validation-error answer on the fields in the current language', async () => {
    const answer = new ApiError(422, 'validation-error', 'Validation failed', {
      budget: [PROJECT_MSG.budgetInvalid],
    });
    render(<ProjectForm serverError={answer} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'name' }), 'Lekki');
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(await screen.findByText(FR.PROJECT_MSG.budgetInvalid)).toBeInTheDocument();
  });

  it("toasts a refusal's message and a server success in the current language", async () => {
    render(
      <MantineProvider>
        <Notifications />
      </MantineProvider>,
    );
    const refusal = new ApiError(409, 'conflict', CATEGORY_MSG.overBudget('Travel'));
    act(() => toastError(refusalText(refusal)));
    expect(await screen.findByText('Cette dépense dépasserait le budget de Travel')).toBeInTheDocument();
    act(() => toastSuccess(METER_IMPORT_MSG.imported(3)));
    expect(await screen.findByText('3 compteurs enregistrés')).toBeInTheDocument();
  });

  it('shows a message a component renders (messageText in JSX) in the current language', () => {
    render(
      <MantineProvider>
        <NoData />
      </MantineProvider>,
    );
    expect(screen.getByText(FR.MSG.noData)).toBeInTheDocument();
  });
});
