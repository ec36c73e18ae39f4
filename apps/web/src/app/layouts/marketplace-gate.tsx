// /marketplace is claimed twice (002 §2 public feature page, 001 §2 dashboard area). The route
// belongs to the dashboard branch; this gate shows the public marketplace page instead to anyone
// who is not signed in with a verified user and an active account. Deeper /marketplace/... paths
// are dashboard-only and pass straight through (to the staff guards).
import { lazy, Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { FullPageLoader } from '../../components/page-states';
import { FEATURE_ALIASES } from '../../features/marketing/content/feature-paths';
import { useActiveAccount, useHasSession, useProfile } from '../../lib/session';
import { AREAS } from '../areas';

const PublicMarketplacePage = lazy(async () => {
  const [{ PublicLayout }, { FeaturePage }] = await Promise.all([
    import('../../features/marketing/components/public-layout'),
    import('../../features/marketing/screens/feature-page'),
  ]);
  const featureKey = FEATURE_ALIASES[AREAS.marketplace.path] ?? 'marketplace';
  return {
    default: () => (
      <PublicLayout>
        <FeaturePage featureKey={featureKey} />
      </PublicLayout>
    ),
  };
});

function PublicMarketplace() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <PublicMarketplacePage />
    </Suspense>
  );
}

export function MarketplaceGate(props: { children: ReactNode }) {
  const { pathname } = useLocation();
  const atRoot = pathname.replace(/\/+$/, '') === AREAS.marketplace.path;
  const hasSession = useHasSession();
  const profile = useProfile(atRoot && hasSession);
  const verified = profile.data?.verified === true;
  const active = useActiveAccount(atRoot && hasSession && verified);
  if (!atRoot) return props.children;
  if (!hasSession) return <PublicMarketplace />;
  if (profile.isPending) return <FullPageLoader />;
  if (profile.isError || !verified) return <PublicMarketplace />;
  if (active.isPending) return <FullPageLoader />;
  return active.data?.activeAccount ? props.children : <PublicMarketplace />;
}
