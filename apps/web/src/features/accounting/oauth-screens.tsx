import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ACCOUNTING_PROVIDER_NAMES } from '@owo/contract/accounting';
import { toastSuccess } from '../../lib/toast';
import { accountingApi, refreshAccounting, RETURN_KEY } from './api';
import { paths } from '../../lib/paths';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../lib/messages';

/**
 * The sandbox provider's own consent page (what QuickBooks' consent screen is for QBO): Approve
 * grants a code and realm and goes back to the redirect URI with code, state and realmId.
 */
export function SandboxConsentScreen() {
  const { t } = useTranslation('accounting');
  const [params] = useSearchParams();
  const state = params.get('state') ?? '';
  const redirect = params.get('redirect_uri') ?? '';
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Only back to this app's own callback page.
  const safe = (() => {
    try {
      const u = new URL(redirect);
      return u.origin === window.location.origin && u.pathname.startsWith('/accounting/callback/') ? u : null;
    } catch {
      return null;
    }
  })();
  return (
    <Center mih="80vh">
      <Card withBorder maw={480} w="100%" p="xl">
        <Stack>
          <Text size="sm" c="dimmed">
            {ACCOUNTING_PROVIDER_NAMES.sandbox}
          </Text>
          <Title order={3}>{t('oauthScreens.connectOwoToYourBooks')}</Title>
          <Text>{t('oauthScreens.owoAsksToReadYour')}</Text>
          {!safe || !state ? (
            <Alert color="red">{t('oauthScreens.thisAuthorisationRequestIsNot')}</Alert>
          ) : null}
          {error && <Alert color="red">{error}</Alert>}
          <Group justify="flex-end">
            <Button
              variant="secondary"
              onClick={() => {
                if (safe)
                  window.location.assign(
                    `${safe.pathname}?error=access_denied&state=${encodeURIComponent(state)}`,
                  );
              }}
            >
              {t('oauthScreens.cancel')}
            </Button>
            <Button
              loading={busy}
              disabled={!safe || !state}
              onClick={async () => {
                setBusy(true);
                try {
                  const g = (await accountingApi.sandboxAuthorize(state)).data;
                  const q = new URLSearchParams({ code: g.code, state: g.state, realmId: g.realmId });
                  window.location.assign(`${safe!.pathname}?${q}`);
                } catch (e) {
                  setError(messageText((e as Error).message));
                  setBusy(false);
                }
              }}
            >
              {t('oauthScreens.approve')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Center>
  );
}

/** The OAuth redirect target: hands code, state and realmId to the API, then back where it started. */
export function AccountingCallbackScreen() {
  const { t } = useTranslation('accounting');
  const { provider = 'sandbox' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const once = useRef(false);
  useEffect(() => {
    if (once.current) return;
    once.current = true;
    const code = params.get('code');
    const state = params.get('state');
    const realmId = params.get('realmId');
    if (!code || !state || !realmId) {
      setError(
        params.get('error') === 'access_denied'
          ? 'Access was not granted.'
          : 'The authorisation answer is incomplete.',
      );
      return;
    }
    accountingApi
      .callback(provider, { code, state, realmId })
      .then((res) => {
        toastSuccess(res.message);
        void refreshAccounting();
        const back = sessionStorage.getItem(RETURN_KEY) || '/settings/integrations';
        sessionStorage.removeItem(RETURN_KEY);
        void navigate(back, { replace: true });
      })
      .catch((e: Error) => setError(messageText(e.message)));
  }, [navigate, params, provider]);
  return (
    <Center mih="80vh">
      <Card withBorder maw={480} w="100%" p="xl">
        {error ? (
          <Stack>
            <Alert color="red" title={t('oauthScreens.couldNotConnect')}>
              {error}
            </Alert>
            <Button onClick={() => navigate(paths.settings.integrations.href(), { replace: true })}>
              {t('oauthScreens.backToIntegrations')}
            </Button>
          </Stack>
        ) : (
          <Group>
            <Loader size="sm" />
            <Text>{t('oauthScreens.connectingYourAccountingSoftware')}</Text>
          </Group>
        )}
      </Card>
    </Center>
  );
}
