// Replaced by the money module: checks every ledger invariant and exits non-zero on a break.
console.log('ledger:verify: no ledger yet');
