import { ActionIcon, Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { FeePolicyAnswer } from '@owo/contract/fees';
import { queryClient, useApiMutation } from '../../../lib/query';
import { feesApi, settingsKeys } from '../api';
import { FormGrid } from '../../../components/form-grid';
import { useTranslation } from 'react-i18next';

type BandDraft = { upTo: string; flat: string };
const major = (minor: number | null) => (minor === null ? '' : (minor / 100).toFixed(2));

/** The modal's typed values (from the policy) and its save and reset calls. */
function useEditDefault(p: FeePolicyAnswer | null, onClose: () => void) {
  const [kind, setKind] = useState<'bands' | 'flat'>(p?.bands?.length ? 'bands' : 'flat');
  const [flat, setFlat] = useState(major(p?.flatMinor ?? 0));
  const [percent, setPercent] = useState(p ? String(p.percentBps / 100) : '0');
  const [min, setMin] = useState(major(p?.minMinor ?? null));
  const [cap, setCap] = useState(major(p?.capMinor ?? null));
  const [bands, setBands] = useState<BandDraft[]>(
    p?.bands?.map((b) => ({ upTo: major(b.upToMinor), flat: major(b.flatMinor) })) ?? [
      { upTo: '', flat: '0' },
    ],
  );
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const save = useApiMutation({
    mutationFn: feesApi.setPlatform,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.platformFees });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.fees });
      onClose();
    },
    onError: (e) => setErrors(e.errors ?? {}),
  });
  const reset = useApiMutation({
    mutationFn: () => feesApi.resetPlatform(p!.method, p!.currency),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: settingsKeys.platformFees });
      void queryClient.invalidateQueries({ queryKey: settingsKeys.fees });
      onClose();
    },
  });
  const submit = () => {
    setErrors({});
    save.mutate({
      method: p!.method,
      currency: p!.currency,
      flat: kind === 'flat' ? flat || '0' : '0',
      percent: percent || '0',
      min: min || null,
      cap: cap || null,
      bands:
        kind === 'bands'
          ? bands.map((b, i) => ({ upTo: i === bands.length - 1 ? null : b.upTo, flat: b.flat || '0' }))
          : null,
    });
  };
  return {
    submit,
    ...{ kind, setKind, flat, setFlat, percent, setPercent, min, setMin, cap, setCap, bands, setBands },
    ...{ errors, setErrors, save, reset },
  };
}

/** The bands: an upper bound (none on the last) and a fee each; Add band keeps the open-ended last. */
function BandsEditor(props: { bands: BandDraft[]; setBands: (b: BandDraft[]) => void; error?: string }) {
  const { t } = useTranslation('settings');
  const { bands, setBands } = props;
  return (
    <Stack gap="xs">
      {bands.map((b, i) => (
        <Group key={i} align="flex-end" wrap="nowrap">
          <TextInput
            label={i === 0 ? t('editDefaultModal.upToAmount') : undefined}
            placeholder={
              i === bands.length - 1 ? t('editDefaultModal.noUpperLimit') : t('editDefaultModal.amount')
            }
            disabled={i === bands.length - 1}
            value={i === bands.length - 1 ? '' : b.upTo}
            onChange={(e) =>
              setBands(bands.map((x, j) => (j === i ? { ...x, upTo: e.currentTarget.value } : x)))
            }
            style={{ flex: 1 }}
          />
          <TextInput
            label={i === 0 ? t('editDefaultModal.fee') : undefined}
            value={b.flat}
            onChange={(e) =>
              setBands(bands.map((x, j) => (j === i ? { ...x, flat: e.currentTarget.value } : x)))
            }
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('editDefaultModal.removeBand')}
            disabled={bands.length === 1}
            onClick={() => setBands(bands.filter((_, j) => j !== i))}
            mb={4}
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      {props.error && (
        <Text c="red" size="xs">
          {props.error}
        </Text>
      )}
      <Button
        variant="subtle"
        size="xs"
        onClick={() => setBands([...bands.slice(0, -1), { upTo: '', flat: '0' }, bands[bands.length - 1]])}
        disabled={bands.length >= 10}
      >
        {t('editDefaultModal.addBand')}
      </Button>
    </Stack>
  );
}

/** A platform administrator edits a platform default (PUT /platform/fee-policy). */
export function EditDefaultModal(props: { policy: FeePolicyAnswer | null; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const p = props.policy;
  const f = useEditDefault(p, props.onClose);
  const { kind, setKind, flat, setFlat, percent, setPercent, min, setMin, cap, setCap, bands, setBands } = f;
  const { errors, save, reset, submit } = f;
  if (!p) return null;
  const err = (k: string) => errors[k]?.[0];
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={t('editDefaultModal.platformDefault', {
        value: t(`feeMethod.${p.method}`, { defaultValue: p.method }),
        currency: p.currency,
      })}
      size="lg"
    >
      <Stack>
        <SegmentedControl
          value={kind}
          onChange={(v) => setKind(v as 'bands' | 'flat')}
          data={[
            { value: 'bands', label: t('editDefaultModal.bandsByAmount') },
            { value: 'flat', label: t('editDefaultModal.flatFeeKind') },
          ]}
        />
        {kind === 'flat' ? (
          <TextInput
            label={t('editDefaultModal.flatFee')}
            value={flat}
            onChange={(e) => setFlat(e.currentTarget.value)}
            error={err('flat')}
          />
        ) : (
          <BandsEditor bands={bands} setBands={setBands} error={err('bands')} />
        )}
        <FormGrid cols={3}>
          <TextInput
            label={t('editDefaultModal.percent')}
            value={percent}
            onChange={(e) => setPercent(e.currentTarget.value)}
            error={err('percent')}
          />
          <TextInput
            label={t('editDefaultModal.minimumFee')}
            value={min}
            onChange={(e) => setMin(e.currentTarget.value)}
            error={err('min')}
          />
          <TextInput
            label={t('editDefaultModal.cap')}
            value={cap}
            onChange={(e) => setCap(e.currentTarget.value)}
            error={err('cap')}
          />
        </FormGrid>
        <Group justify="space-between">
          <Button variant="subtle" loading={reset.isPending} onClick={() => reset.mutate()}>
            {t('editDefaultModal.resetToBuiltInDefault')}
          </Button>
          <Group>
            <Button variant="secondary" onClick={props.onClose}>
              {t('editDefaultModal.cancel')}
            </Button>
            <Button loading={save.isPending} onClick={submit}>
              {t('editDefaultModal.saveDefault')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
