import { createDecipheriv, createHash } from 'node:crypto';
import type { Config } from '../config';

// Every value the vault keeps, one line each. Start-up checks the keys against them and encrypts
// rows written before the vault (plain BVNs, the old identity-only TOTP format); `keys:rotate`
// re-encrypts them to the newest key; the log redaction list covers their `logKeys`.
//   name: the field's name (bound into the ciphertext); table/column/pk: where it is stored;
//   hmac/last4: columns kept beside it (equality lookups; the masked display); kind: the HMAC domain;
//   logKeys: the JSON keys under which the value may appear in a request or object (redacted);
//   legacy: how a value stored before the vault reads (else it was plain text).
export type VaultField = {
  name: string;
  table: string;
  column: string;
  pk: string;
  kind: string;
  hmac?: string;
  last4?: string;
  logKeys: string[];
  legacy?: (stored: string, config: Config) => string;
};

/** The TOTP secret format used before the vault (AES-256-GCM under a key from the session secret). */
function legacyTotp(stored: string, config: Config): string {
  const [version, iv, tag, body] = stored.split(':');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('unknown TOTP secret format');
  const key = createHash('sha256').update(`owo:totp-secret:${config.sessionSecret}`).digest();
  const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  d.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([d.update(Buffer.from(body, 'base64url')), d.final()]).toString('utf8');
}

// prettier-ignore
export const VAULT_FIELDS: VaultField[] = [
  { name: 'account_kyb.bvn', table: 'account_kyb', column: 'bvn', pk: 'account_id', kind: 'bvn', hmac: 'bvn_hmac', last4: 'bvn_last4', logKeys: ['bvn'] },
  { name: 'account_owners.bvn', table: 'account_owners', column: 'bvn', pk: 'id', kind: 'bvn', hmac: 'bvn_hmac', last4: 'bvn_last4', logKeys: ['bvn'] },
  { name: 'webhook_endpoints.secret', table: 'webhook_endpoints', column: 'secret', pk: 'id', kind: 'webhook', logKeys: ['secret'] },
  { name: 'accounting_connections.access_token', table: 'accounting_connections', column: 'access_token', pk: 'account_id', kind: 'oauth', logKeys: ['accessToken', 'access_token'] },
  { name: 'accounting_connections.refresh_token', table: 'accounting_connections', column: 'refresh_token', pk: 'account_id', kind: 'oauth', logKeys: ['refreshToken', 'refresh_token'] },
  { name: 'users.totp_secret', table: 'users', column: 'totp_secret', pk: 'id', kind: 'totp', logKeys: ['totpSecret', 'secret'], legacy: legacyTotp },
  { name: 'payroll_employees.account_number', table: 'payroll_employees', column: 'account_number', pk: 'id', kind: 'nuban', hmac: 'account_number_hmac', last4: 'account_number_last4', logKeys: [] },
  { name: 'payroll_employees.rsa_pin', table: 'payroll_employees', column: 'rsa_pin', pk: 'id', kind: 'rsa_pin', last4: 'rsa_pin_last4', logKeys: ['rsaPin', 'rsa_pin'] },
  // A pending employee bank change is sealed under the employee's field name (bound into the
  // ciphertext) so that approval copies it onto the employee as it is; listed here so start-up and
  // keys:rotate cover it too.
  { name: 'payroll_employees.account_number', table: 'employee_bank_changes', column: 'account_number', pk: 'id', kind: 'nuban', hmac: 'account_number_hmac', last4: 'account_number_last4', logKeys: [] },
  { name: 'payroll_rows.account_number', table: 'payroll_rows', column: 'account_number', pk: 'id', kind: 'nuban', last4: 'account_number_last4', logKeys: [] },
  // A payroll row's snapshot of the employee's RSA PIN (the remittance CSVs read it): the employee's
  // ciphertext copied under the employee's field name, like the bank change above.
  { name: 'payroll_employees.rsa_pin', table: 'payroll_rows', column: 'rsa_pin', pk: 'id', kind: 'rsa_pin', last4: 'rsa_pin_last4', logKeys: ['rsaPin', 'rsa_pin'] },
  { name: 'payroll_import_entries.rsa_pin', table: 'payroll_import_entries', column: 'rsa_pin', pk: 'id', kind: 'rsa_pin', last4: 'rsa_pin_last4', logKeys: ['rsaPin', 'rsa_pin'] },
  { name: 'payroll_import_entries.account_number', table: 'payroll_import_entries', column: 'account_number', pk: 'id', kind: 'nuban', hmac: 'account_number_hmac', last4: 'account_number_last4', logKeys: [] },
];

/** Names a vault field's value may carry in logs (request bodies, objects): all redacted. */
export const VAULT_LOG_KEYS = [...new Set(VAULT_FIELDS.flatMap((f) => f.logKeys))];

/** The field by name (where a name is listed twice, its home table: the first entry). */
export const vaultField = (name: string) => {
  const f = VAULT_FIELDS.find((x) => x.name === name);
  if (!f) throw new Error(`unknown vault field ${name}`);
  return f;
};
