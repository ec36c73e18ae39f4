/** A payment method's name on the fee policy screens. */
export const METHOD_LABEL: Record<string, string> = {
  'bank-transfer': 'Bank transfer',
  exchange: 'Currency exchange',
  deposit: 'Deposit',
};
