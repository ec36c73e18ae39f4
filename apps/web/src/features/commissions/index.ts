// What other features use from commissions: the settings modal of the Teams Agents tab.
export { CommissionSettingsModal } from './commission-settings-modal';
