export * from './permissions';
export * from './http';
export * from './money';
export * from './messages';
