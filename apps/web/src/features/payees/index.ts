// What other features may use from vendors (payees): the list hook and the create/edit modal.
export { usePayees, usePayee } from './api';
export { VendorFormModal } from './components/vendor-form-modal';
