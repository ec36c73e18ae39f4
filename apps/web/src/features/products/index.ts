// What other features use from products: the shared 'Manage payment products' modal (expenses,
// payouts) and the add/edit product modal (products created inline default to Outflow, quantity 1)
// (the confirm dialog is components/confirm-modal.tsx).
export { ManageProductsModal, type ProductLine } from './manage-products-modal';
export { ProductModal } from './product-modal';
export { AssetModal } from './asset-modal';
export { useAsset, useAssets, useProducts } from './api';
