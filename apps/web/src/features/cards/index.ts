// What other features may use from cards (nothing yet).
export {};
