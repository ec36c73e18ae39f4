import { Button } from '@mantine/core';
import { useNetwork } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MSG } from '@owo/contract/messages';
import { StatusScreen } from '../../components/page-states';
import { messageText } from '../../lib/messages';

/** 000 §2.3 offline guard: 'Bad Internet Connection' while the browser is offline. */
export function OfflineScreen() {
  const { t } = useTranslation(['errors', 'common']);
  return (
    <StatusScreen
      fullHeight
      title={t('errors:offline.title')}
      text={messageText(MSG.offline)}
      actions={<Button onClick={() => window.location.reload()}>{t('common:actions.refreshPage')}</Button>}
    />
  );
}

export function OfflineGuard(props: { children: ReactNode }) {
  const { online } = useNetwork();
  return online ? props.children : <OfflineScreen />;
}
