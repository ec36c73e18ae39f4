import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { useCan } from '../../../lib/session';
import { paths } from '../../../lib/paths';
import { useTranslation } from 'react-i18next';

/** The two lists of the Assets area: payout assets and products and services. */
export function AssetAreaTabs(props: { value: 'assets' | 'products' }) {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  const assets = useCan('payoutAsset', 'get');
  const products = useCan('productsAndServices', 'get');
  return (
    <Tabs
      value={props.value}
      onChange={(v) => navigate(v === 'assets' ? paths.assets.list.href() : paths.assets.products.href())}
    >
      <Tabs.List>
        {assets && <Tabs.Tab value="assets">{t('tabs.assets')}</Tabs.Tab>}
        {products && <Tabs.Tab value="products">{t('tabs.productsAndServices')}</Tabs.Tab>}
      </Tabs.List>
    </Tabs>
  );
}
