// The dashboard's "what to do next" card (issue 37 "Look and feel"): four first steps, each ticked
// from the account's data and linking to the screen that does it. Hidden for good (in this browser,
// per user and account) by "Hide", or "Dismiss" once every step is done.
import { Box, Button, Card, Center, Flex, Group, Progress, Stack, Text } from '@mantine/core';
import type { WalletDto } from '@owo/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { useCan } from '../../../lib/session';
import { useStore } from '../../../lib/store';
import { useKyb } from '../../accounts';
import { INVITE_APPROVER_PATH } from '../../approvals';
import { usePayouts } from '../../payouts';
import { useInvitations, useMembers } from '../../teams';
import { useTransactions } from '../api';
import { checklistSteps, hideChecklist, isChecklistHidden, type ChecklistStep } from '../checklist';

const LINKS: Record<ChecklistStep, () => string> = {
  kyb: () => paths.account.setup.href(),
  funds: () => paths.wallet.addFunds.href(),
  teammate: () => INVITE_APPROVER_PATH,
  pay: () => paths.paySomeone.href(),
};

type Paged = { data?: { pagination?: { totalItems: number } }; isError: boolean };
/** A list's total when the user may read it and it answered; otherwise not known. */
const totalOf = (q: Paged, enabled: boolean) =>
  enabled && !q.isError ? q.data?.pagination?.totalItems : undefined;

/**
 * The steps from real data; `ready` once every query the user may make has answered. `enabled`
 * false makes no query (the dashboard asks only when the user may see the card).
 */
export function useChecklist(wallets: WalletDto[] | undefined, enabled = true) {
  const can = {
    kyb: useCan('parameters', 'get') && enabled,
    tx: useCan('transactions', 'get') && enabled,
    members: useCan('accountAccess', 'get') && enabled,
    invites: useCan('invitations', 'get') && enabled,
    payouts: useCan('payouts', 'get') && enabled,
  };
  const kyb = useKyb(can.kyb);
  const credits = useTransactions({ type: 'deposit' }, 1, 1, can.tx);
  const members = useMembers('members', 1, can.members);
  const invites = useInvitations(1, can.invites);
  const payouts = usePayouts({}, 1, 1, can.payouts);
  const queries = [
    [kyb, can.kyb],
    [credits, can.tx],
    [members, can.members],
    [invites, can.invites],
    [payouts, can.payouts],
  ] as const;
  const ready = wallets !== undefined && queries.every(([q, on]) => !on || !q.isLoading);
  const steps = checklistSteps({
    kybComplete: can.kyb && !kyb.isError ? kyb.data?.progress.isComplete : undefined,
    wallets,
    credits: totalOf(credits, can.tx),
    members: totalOf(members, can.members),
    invitations: totalOf(invites, can.invites),
    payouts: totalOf(payouts, can.payouts),
  });
  return { ready, steps };
}

function CheckMark({ done }: { done: boolean }) {
  return (
    <Center
      w={26}
      h={26}
      style={{ flexShrink: 0, borderRadius: '50%' }}
      bg={done ? 'teal.7' : undefined}
      bd={done ? undefined : '2px solid var(--mantine-color-gray-4)'}
      c="white"
      aria-hidden
    >
      {done && (
        <svg width={14} height={14} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={3}>
          <path d="M5 12l5 5L20 7" />
        </svg>
      )}
    </Center>
  );
}

function StepRow({ step: s, first }: { step: { key: ChecklistStep; done: boolean }; first: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <Box
      component="li"
      data-step={s.key}
      data-done={s.done}
      py="sm"
      style={!first ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
    >
      <Group wrap="nowrap" gap="md" align="center">
        <CheckMark done={s.done} />
        <Flex
          style={{ flex: 1, minWidth: 0 }}
          direction={{ base: 'column', sm: 'row' }}
          align={{ base: 'flex-start', sm: 'center' }}
          justify="space-between"
          gap={{ base: 6, sm: 'md' }}
        >
          <Box style={{ minWidth: 0 }}>
            <Text fw={600} td={s.done ? 'line-through' : undefined} c={s.done ? 'dimmed' : undefined}>
              {t(`checklist.steps.${s.key}.title`)}
            </Text>
            {!s.done && (
              <Text size="sm" c="dimmed">
                {t(`checklist.steps.${s.key}.text`)}
              </Text>
            )}
          </Box>
          {s.done ? (
            <Text size="sm" fw={600} c="teal.9">
              {t('checklist.done')}
            </Text>
          ) : (
            <Button
              component={Link}
              to={LINKS[s.key]()}
              size="xs"
              variant="secondary"
              style={{ flexShrink: 0 }}
            >
              {t(`checklist.steps.${s.key}.action`)}
            </Button>
          )}
        </Flex>
      </Group>
    </Box>
  );
}

export function SetupChecklist(props: { wallets: WalletDto[] | undefined; prominent?: boolean }) {
  const { t } = useTranslation('dashboard');
  const staff = useStore((s) => s.staff);
  const [hidden, setHidden] = useState(() => isChecklistHidden(staff.user?.id, staff.accountId));
  const { ready, steps } = useChecklist(props.wallets);
  if (hidden || !ready || steps.length === 0) return null;
  const done = steps.filter((s) => s.done).length;
  const all = done === steps.length;
  // A working company sees the card only while steps are left; a new one sees "all set" first.
  if (all && !props.prominent) return null;
  const hide = () => {
    hideChecklist(staff.user?.id, staff.accountId);
    setHidden(true);
  };
  return (
    <Card padding="lg" data-testid="setup-checklist" component="section" aria-labelledby="checklist-title">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text id="checklist-title" fw={700} size={props.prominent ? 'lg' : 'md'}>
          {all ? t('checklist.allDone') : t('checklist.title')}
        </Text>
        <Button variant="subtle" size="xs" onClick={hide}>
          {all ? t('checklist.dismiss') : t('checklist.hide')}
        </Button>
      </Group>
      <Group gap="sm" mb="md" wrap="nowrap">
        <Progress
          value={(done / steps.length) * 100}
          color="teal"
          style={{ flex: 1 }}
          aria-label={t('checklist.progress', { done, total: steps.length })}
        />
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="checklist-progress">
          {t('checklist.progress', { done, total: steps.length })}
        </Text>
      </Group>
      {all ? (
        <Text c="dimmed">{t('checklist.allDoneText')}</Text>
      ) : (
        <Stack gap={0} component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
          {steps.map((s, i) => (
            <StepRow key={s.key} step={s} first={i === 0} />
          ))}
        </Stack>
      )}
    </Card>
  );
}
