// The invoice wizard's draft: which invoice the browser is editing (sessionStorage) and the page frame.
import { Button, Container, Stack, Stepper } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';

const DRAFT_KEY = 'owo.invoice-draft';
export const readDraft = (): string | null => sessionStorage.getItem(DRAFT_KEY);
const EDIT_KEY = 'owo.invoice-draft-edit';
export const writeDraft = (id: string | null, editing?: boolean) => {
  if (id) sessionStorage.setItem(DRAFT_KEY, id);
  else sessionStorage.removeItem(DRAFT_KEY);
  if (editing !== undefined || !id)
    if (editing) sessionStorage.setItem(EDIT_KEY, '1');
    else sessionStorage.removeItem(EDIT_KEY);
};
/** "Edit Invoice" when the draft was opened from edit-invoice (Drafts' Continue, Edit Invoice). */
export const isEditing = () => sessionStorage.getItem(EDIT_KEY) === '1';

/** The wizard's page: title, Close and the three steps. */
export function Frame(props: { step: number; editing: boolean; children: React.ReactNode }) {
  const { t } = useTranslation('inflows');
  const navigate = useNavigate();
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <PageHeader
          mb={0}
          title={props.editing ? t('invoiceDraft.editInvoice') : t('invoiceDraft.newInvoice')}
          actions={
            <Button variant="subtle" onClick={() => navigate(paths.inflows.invoices.href())}>
              {t('invoiceDraft.close')}
            </Button>
          }
        />
        <Stepper active={props.step} size="sm">
          <Stepper.Step label={t('invoiceDraft.invoiceDetails')} />
          <Stepper.Step label={t('invoiceDraft.paymentTerms')} />
          <Stepper.Step label={t('invoiceDraft.review')} />
        </Stepper>
        {props.children}
      </Stack>
    </Container>
  );
}
