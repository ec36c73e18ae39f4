import {
  Alert,
  Button,
  Card,
  Loader,
  NumberInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useMemo } from 'react';
import { z } from 'zod';
import { Controller } from 'react-hook-form';
import { apPolicyBody, PLATFORM_LIMITS_MSG, type ApPolicy, type ApPolicyBody } from '@owo/contract/approvals';
import { formatMoney } from '../../../lib/format';
import { useZodForm } from '../../../lib/forms';
import { useApiMutation } from '../../../lib/query';
import { useCan } from '../../../lib/session';
import { refreshApprovals, saveApPolicy, useApPolicy } from '../api';
import { PageHeader } from '../../../components/page-header';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../lib/messages';

/** /settings/ap-policy (issue 21 §3). */
export function ApPolicyScreen() {
  const policy = useApPolicy();
  if (policy.isLoading) return <Loader />;
  if (policy.error || !policy.data)
    return <Alert color="red">{messageText(policy.error?.message ?? '')}</Alert>;
  return <ApPolicyForm policy={policy.data} />;
}

/** The policy's form, checked against the platform's KYC cap. */
function usePolicyForm(p: ApPolicy) {
  // The platform's KYC cap bounds the company's: it may be lowered here, never raised above it.
  const platformCap = formatMoney(p.platformKycIncompleteCapMinor, 'NGN');
  const schema = useMemo(
    () =>
      apPolicyBody
        // An empty "receipts required above" means never (null), as the save sends it.
        .extend({
          receiptsRequiredAbove: z.preprocess(
            (v) => (v === '' ? null : v),
            apPolicyBody.shape.receiptsRequiredAbove,
          ),
        })
        .superRefine((v, ctx) => {
          if (v.kycIncompleteCap > p.platformKycIncompleteCapMinor)
            ctx.addIssue({
              code: 'custom',
              path: ['kycIncompleteCap'],
              message: PLATFORM_LIMITS_MSG.kycCapAbovePlatform(platformCap),
            });
        }),
    [p.platformKycIncompleteCapMinor, platformCap],
  );
  const form = useZodForm(schema, {
    defaultValues: {
      autoApproveBelow: p.autoApproveBelow,
      fourEyes: p.fourEyes,
      selfApproval: p.selfApproval,
      overBudget: p.overBudget,
      receiptsRequiredAbove: p.receiptsRequiredAbove ?? undefined,
      kycIncompleteCap: p.kycIncompleteCap,
    },
  });
  return { form, platformCap };
}

/** Four eyes, owner self-approval, and what happens over budget. */
function ApprovalRules({ form }: { form: ReturnType<typeof usePolicyForm>['form'] }) {
  const { t } = useTranslation('approvals');
  return (
    <>
      <Controller
        control={form.control}
        name="fourEyes"
        render={({ field }) => (
          <Switch
            label={t('apPolicyScreen.fourEyesNobodyApprovesTheir')}
            checked={!!field.value}
            onChange={(ev) => field.onChange(ev.currentTarget.checked)}
          />
        )}
      />
      <Controller
        control={form.control}
        name="selfApproval"
        render={({ field }) => (
          <Switch
            label={t('apPolicyScreen.letTheOwnerSelfApprove')}
            description={t('apPolicyScreen.labelledInTheApprovalTrail')}
            checked={!!field.value}
            onChange={(ev) => field.onChange(ev.currentTarget.checked)}
          />
        )}
      />
      <div>
        <Text size="sm" fw={500}>
          {t('apPolicyScreen.whenAnApprovedItemWould')}
        </Text>
        <Controller
          control={form.control}
          name="overBudget"
          render={({ field }) => (
            <SegmentedControl
              value={field.value}
              onChange={field.onChange}
              data={[
                { value: 'block', label: t('apPolicyScreen.block') },
                { value: 'warn', label: t('apPolicyScreen.warn') },
              ]}
            />
          )}
        />
      </div>
    </>
  );
}

function ApPolicyForm(props: { policy: ApPolicy }) {
  const { t } = useTranslation('approvals');
  const p = props.policy;
  const canEdit = useCan('policy', 'put');
  const { form, platformCap } = usePolicyForm(p);
  const save = useApiMutation({
    mutationFn: () => {
      const v = form.getValues();
      return saveApPolicy({
        ...v,
        receiptsRequiredAbove: (v.receiptsRequiredAbove === ''
          ? null
          : v.receiptsRequiredAbove) as ApPolicyBody['receiptsRequiredAbove'],
      });
    },
    form,
    onSuccess: () => void refreshApprovals(),
  });
  const e = form.formState.errors;
  void NumberInput;
  return (
    <form noValidate onSubmit={form.handleSubmit(() => save.mutate())}>
      <Stack gap="lg" maw={560}>
        <PageHeader
          mb={0}
          title={t('apPolicyScreen.apPolicy')}
          description={t('apPolicyScreen.appliesWhenNoApprovalWorkflow')}
        />
        <Card>
          <Stack>
            <TextInput
              label={t('apPolicyScreen.autoApproveBelow')}
              description={t('apPolicyScreen.itemsUnderThisAmountNeed')}
              {...form.register('autoApproveBelow')}
              error={e.autoApproveBelow?.message}
            />
            <ApprovalRules form={form} />
            <TextInput
              label={t('apPolicyScreen.receiptsRequiredAbove')}
              description={t('apPolicyScreen.leaveEmptyToNeverRequire')}
              {...form.register('receiptsRequiredAbove')}
              error={e.receiptsRequiredAbove?.message}
            />
            <TextInput
              label={t('apPolicyScreen.perTransactionCapWhileKyb')}
              description={t('apPolicyScreen.atMostThePlatformS', { platformCap })}
              data-testid="kyc-cap"
              {...form.register('kycIncompleteCap')}
              error={e.kycIncompleteCap?.message}
            />
          </Stack>
        </Card>
        {canEdit && (
          <Button type="submit" loading={save.isPending} w="fit-content">
            {t('apPolicyScreen.savePolicy')}
          </Button>
        )}
      </Stack>
    </form>
  );
}
