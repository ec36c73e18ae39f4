// /account/setup/:step: the step's fields as the server describes them, validated with the
// contract's step body, saved with PUT /parameter/account/{step}, then on to the next step.
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { KYB_STEPS, type KybStep, type KybStepForm } from '@owo/contract';
import { useZodForm } from '../../../lib/forms';
import { paths } from '../../../lib/paths';
import { useApiMutation } from '../../../lib/query';
import { accountsApi, storeKyb } from '../api';
import { DocumentField } from './document-field';
import { KybFieldInput } from './kyb-field';
import { canOpenStep, firstIncompleteStep, isKybStep, nextStep, previousStep } from './kyb-nav';
import { OwnersFields } from './owners-fields';
import { useSetupContext } from './setup-layout';
import { stepDefaults } from './step-defaults';
import { kybFormSchemas } from './step-schemas';

export function StepScreen() {
  const { step } = useParams();
  const { kyb, steps } = useSetupContext();
  const maxStep = kyb.progress.maxStep;
  if (!isKybStep(step))
    return <Navigate to={paths.account.setupStep.href({ step: firstIncompleteStep(maxStep) })} replace />;
  if (!canOpenStep(step, maxStep))
    return <Navigate to={paths.account.setupStep.href({ step: firstIncompleteStep(maxStep) })} replace />;
  const form = steps.find((s) => s.step === step);
  if (!form) return null;
  // Keyed by step so each step starts from its own saved values.
  return <StepForm key={step} step={step} stepForm={form} />;
}

/** Back to the previous step (when there is one) and Save and continue. */
function StepNav({ prev, saving }: { prev: KybStep | null | undefined; saving: boolean }) {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  return (
    <Group justify="space-between">
      {prev ? (
        <Button variant="secondary" onClick={() => navigate(paths.account.setupStep.href({ step: prev }))}>
          {t('kyb.back')}
        </Button>
      ) : (
        <span />
      )}
      <Button type="submit" loading={saving}>
        {t('kyb.saveAndContinue')}
      </Button>
    </Group>
  );
}

function StepForm({ step, stepForm }: { step: KybStep; stepForm: KybStepForm }) {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const { kyb } = useSetupContext();
  const done = KYB_STEPS.indexOf(step) < kyb.progress.maxStep;
  // onTouched: a field shown in error re-checks as it is typed. With onBlur its message stayed until
  // the click on Save and continue blurred it; the message went, the button moved up under the
  // pointer, and the click was lost (issue 37: "needs two clicks").
  const form = useZodForm(kybFormSchemas[step], {
    mode: 'onTouched',
    defaultValues: stepDefaults(step, stepForm.fields, kyb),
  });
  const goNext = () => navigate(paths.account.setupStep.href({ step: nextStep(step) }));
  const save = useApiMutation({
    mutationFn: (values: Record<string, unknown>) => accountsApi.saveStep(step, values),
    form,
    onSuccess: (res) => {
      storeKyb(res.data);
      void goNext();
    },
  });
  const prev = previousStep(step);
  const list = stepForm.fields.find((f) => f.type === 'list');
  const files = stepForm.fields.filter((f) => f.type === 'file');
  const plain = stepForm.fields.filter((f) => f.type !== 'list' && f.type !== 'file');

  // A finished step left untouched is not sent again (its BVN is only known masked). isDirty is
  // read during render: react-hook-form only tracks the formState fields a render subscribed to.
  const { isDirty } = form.formState;
  const submit = form.handleSubmit((v) => save.mutate(v));
  const onSubmit = (e: React.FormEvent) => {
    if (done && !isDirty) {
      e.preventDefault();
      void goNext();
      return;
    }
    void submit(e);
  };

  return (
    <Card component="form" onSubmit={onSubmit} noValidate p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <div>
          <Title order={3}>{stepForm.title}</Title>
          <Text c="dimmed" size="sm">
            {t(`kyb.help.${step}`)}
          </Text>
        </div>
        {step === 'bvn' && kyb.bvn && (
          <Alert color="owo" variant="light">
            {t('kyb.bvnOnFile', { bvn: kyb.bvn.bvn })}
          </Alert>
        )}
        {plain.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: plain.length > 2 ? 2 : 1 }} spacing="md">
            {plain.map((f) => (
              <KybFieldInput key={f.name} field={f} name={f.name} control={form.control} />
            ))}
          </SimpleGrid>
        )}
        {list && <OwnersFields list={list} form={form} saved={kyb.ownership.owners} />}
        {files.map((f) => {
          const stored = kyb.documents?.[f.name];
          return (
            <DocumentField
              key={f.name}
              field={f}
              control={form.control}
              stored={stored ? { fileName: stored.fileName, originalName: stored.originalName } : null}
            />
          );
        })}
        {form.formState.errors.root?.server && (
          <Alert color="red">{form.formState.errors.root.server.message}</Alert>
        )}
        <StepNav prev={prev} saving={save.isPending} />
      </Stack>
    </Card>
  );
}
