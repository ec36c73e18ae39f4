// What other features use from commissions: the settings modal of the Teams Agents tab, and the
// invoice detail's agent-commission table.
export { CommissionSettingsModal } from './commission-settings-modal';
export { InvoiceCommissions } from './screens/commissions-screen';
