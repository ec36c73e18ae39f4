// What other features use from products: the shared 'Manage payment products' modal (expenses,
// payouts), the add/edit product modal (products created inline default to Outflow, quantity 1)
// and the plain confirm modal (the invoice detail's cancel).
export { ManageProductsModal, type ProductLine } from './manage-products-modal';
export { ProductModal } from './product-modal';
export { AssetModal } from './asset-modal';
export { ConfirmModal } from '../../components/confirm-modal';
export { useAsset, useAssets, useProducts } from './api';
// The red-button confirmation dialog (payroll groups delete too).
export { ConfirmModal } from './confirm-modal';
