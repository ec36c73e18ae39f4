import { z } from 'zod';
import { pendingApprovalItemSchema } from './approvals';
import { listQuery } from './http';
import { AMOUNT_TEXT_MAX, amountSchema, majorAmount, minorAmount } from './money';

// Marketplace: meters and electricity vending (001 §2 Marketplace, §3 Meter/Vending, §4, §5, §7;
// issue 26; NIGERIA.md "Electricity (prepaid tokens)").

/** The distribution companies (NIGERIA.md). Aba Power is reported as a twelfth and is included. */
export const DISCOS = [
  'AEDC',
  'BEDC',
  'EKEDC',
  'IKEDC',
  'EEDC',
  'IBEDC',
  'JED',
  'KAEDCO',
  'KEDCO',
  'PHED',
  'YEDC',
  'ABA',
] as const;
export type Disco = (typeof DISCOS)[number];
export const DISCO_NAMES: Record<Disco, string> = {
  AEDC: 'Abuja Electricity Distribution Company',
  BEDC: 'Benin Electricity Distribution Company',
  EKEDC: 'Eko Electricity Distribution Company',
  IKEDC: 'Ikeja Electric',
  EEDC: 'Enugu Electricity Distribution Company',
  IBEDC: 'Ibadan Electricity Distribution Company',
  JED: 'Jos Electricity Distribution',
  KAEDCO: 'Kaduna Electric',
  KEDCO: 'Kano Electricity Distribution Company',
  PHED: 'Port Harcourt Electricity Distribution',
  YEDC: 'Yola Electricity Distribution Company',
  ABA: 'Aba Power',
};
export const VEND_TYPES = ['prepaid', 'postpaid'] as const;
export type VendType = (typeof VEND_TYPES)[number];

/** 001 §3: SUCCESS, FAILED, otherwise pending. */
export const VEND_STATUSES = ['SUCCESS', 'FAILED', 'pending'] as const;
export type VendStatus = (typeof VEND_STATUSES)[number];
/** 001 §9: the placeholder token shows as N/A. */
export const PLACEHOLDER_TOKEN = '0000-0000-0000-0000-0000';

export const MARKETPLACE_MSG = {
  meterMin: 'Meter number must be at least 10 characters long',
  meterMax: 'Meter number must be at most 15 characters long',
  meterDigits: 'Meter number must contain digits only',
  meterRequired: 'Meter number is required',
  meterTypeRequired: 'Meter type is required',
  discoRequired: 'Please select a disco',
  stateRequired: 'State is required',
  stateMax: 'State must be at most 30 characters long',
  labelMax: 'Meter label must be at most 100 characters long',
  phoneRequired: 'Phone number is required',
  phoneMax: 'Phone number must be at most 15 characters long',
  nameRequired: 'Name is required',
  meterSaved: 'Meter saved successfully',
  meterDuplicate: 'This meter is already saved',
  meterDeleted: 'Meter deleted successfully',
  meterNotFound: 'Meter not found',
  meterVerified: 'Meter verified successfully',
  verificationFailed: 'We could not verify this meter number with the disco',
  selectMeter: 'Please select at least one meter',
  selectWallet: 'Please select a wallet to pay from',
  ngnWalletNotFound: 'NGN Wallet not found',
  amountPositive: 'Amount must be greater than zero',
  amountMin: (min: string) => `The minimum amount per meter is ${min}`,
  amountMax: (max: string) => `The maximum amount per meter is ${max}`,
  duplicateMeter: 'Each meter can appear only once in an order',
  vendingCreated: 'Payment Initiated',
  vendingUpdated: 'Vending order updated successfully',
  notRejected: 'Only a rejected vending can be updated',
  vendingNotFound: 'Vending not found',
  overBudget: (name: string) => `This purchase would exceed the budget of ${name}`,
} as const;

export const meterNoSchema = z
  .string({ error: MARKETPLACE_MSG.meterRequired })
  .trim()
  .min(10, MARKETPLACE_MSG.meterMin)
  .max(15, MARKETPLACE_MSG.meterMax)
  .regex(/^\d+$/, MARKETPLACE_MSG.meterDigits);
const discoSchema = z.enum(DISCOS, { error: MARKETPLACE_MSG.discoRequired });
const vendTypeSchema = z.enum(VEND_TYPES, { error: MARKETPLACE_MSG.meterTypeRequired });

export const meterVerificationBody = z.object({
  disco: discoSchema,
  meterNo: meterNoSchema,
  vendType: vendTypeSchema,
});
export const meterVerificationSchema = z.object({
  meterNo: z.string(),
  disco: z.string(),
  vendType: z.enum(VEND_TYPES),
  name: z.string(),
  address: z.string(),
});

/** 001 §7 body (email always sent empty), with an optional state: 001 §7 sends none (issue 26 §0). */
export const meterAddBody = z.object({
  meterNo: meterNoSchema,
  disco: discoSchema,
  vendType: vendTypeSchema,
  phoneNo: z
    .string({ error: MARKETPLACE_MSG.phoneRequired })
    .trim()
    .min(1, MARKETPLACE_MSG.phoneRequired)
    .max(15, MARKETPLACE_MSG.phoneMax),
  name: z.string().trim().max(200).optional(),
  label: z.string().trim().max(100, MARKETPLACE_MSG.labelMax).optional().nullable(),
  email: z.string().trim().max(254).optional().nullable(),
  state: z.string().trim().max(30, MARKETPLACE_MSG.stateMax).optional(),
});
export type MeterAddBody = z.input<typeof meterAddBody>;
/** The add-meter screen asks for the state (its own field, issue 26 §0): required there. */
export const meterFormBody = meterAddBody.extend({
  state: z
    .string({ error: MARKETPLACE_MSG.stateRequired })
    .trim()
    .min(1, MARKETPLACE_MSG.stateRequired)
    .max(30, MARKETPLACE_MSG.stateMax),
});

export const meterSchema = z.object({
  id: z.string().uuid(),
  meterNo: z.string(),
  name: z.string(),
  address: z.string(),
  disco: z.string(),
  vendType: z.enum(VEND_TYPES),
  label: z.string().nullable(),
  phoneNo: z.string(),
  email: z.string(),
  state: z.string(),
  createdAt: z.string(),
});
export type Meter = z.infer<typeof meterSchema>;
export const meterListQuery = listQuery.extend({
  disco: z.enum(DISCOS).optional(),
  vendType: z.enum(VEND_TYPES).optional(),
});

export const vendAssetSchema = z.object({
  assetId: z.string({ error: MARKETPLACE_MSG.meterNotFound }).uuid(MARKETPLACE_MSG.meterNotFound),
  amount: amountSchema,
});
export const vendingCreateBody = z.object({
  walletId: z.string({ error: MARKETPLACE_MSG.selectWallet }).uuid(MARKETPLACE_MSG.selectWallet),
  utilityType: z.literal('ELECTRICITY').default('ELECTRICITY'),
  assets: z
    .array(vendAssetSchema, { error: MARKETPLACE_MSG.selectMeter })
    .min(1, MARKETPLACE_MSG.selectMeter)
    .max(1000, 'At most 1000 meters per order'),
  /** A payout category (with its monthly budget) the spend counts against. */
  categoryId: z.string().uuid('Category not found').optional().nullable(),
});
export type VendingCreateBody = z.input<typeof vendingCreateBody>;
export type VendingCreateInput = z.output<typeof vendingCreateBody>;
export const vendingBulkBody = vendingCreateBody.omit({ utilityType: true });
export const vendingUpdateBody = z.object({ amount: amountSchema });

export const vendingResponseSchema = z.object({
  token: z.string().nullable(),
  units: z.string().nullable(),
  receiptNo: z.string().nullable(),
  orderId: z.string().nullable(),
  debtAmount: majorAmount.nullable(),
  debtAmountMinor: minorAmount.nullable(),
  debtRemaining: majorAmount.nullable(),
  debtRemainingMinor: minorAmount.nullable(),
});

export const vendingSchema = z.object({
  id: z.string().uuid(),
  orderId: z.string().uuid(),
  reference: z.string(),
  amount: majorAmount,
  amountMinor: minorAmount,
  currency: z.string(),
  createdAt: z.string(),
  vendStatus: z.enum(VEND_STATUSES),
  approvalStatus: z.string(),
  assetId: z.string().uuid(),
  assetIdentifier: z.string(),
  assetLabel: z.string().nullable(),
  metadata: z.object({
    vertical: z.literal('ELECTRICITY'),
    meter: z.string(),
    name: z.string(),
    address: z.string(),
    disco: z.string(),
    vendType: z.enum(VEND_TYPES),
  }),
  response: vendingResponseSchema.nullable(),
  failureReason: z.string().nullable(),
  successTransaction: z.object({ id: z.string().uuid() }).nullable(),
  transactionId: z.string().uuid().nullable(),
});
export type Vending = z.infer<typeof vendingSchema>;
export const vendingDetailSchema = vendingSchema.extend({
  orderSize: z.number().int(),
  approvalWorkflowPendingApprovalItem: pendingApprovalItemSchema.nullable(),
});
export type VendingDetail = z.infer<typeof vendingDetailSchema>;
export const vendingOrderSchema = z.object({
  orderId: z.string().uuid(),
  total: majorAmount,
  totalMinor: minorAmount,
  vendings: z.array(vendingSchema),
});

export const VENDING_LIST_STATUSES = ['pending', 'rejected', 'SUCCESS', 'FAILED', 'awaiting'] as const;
export const vendingListQuery = listQuery.extend({
  status: z.enum(VENDING_LIST_STATUSES).optional(),
  assetId: z.string().uuid().optional(),
});
export const electricityAmountText = z.string().max(AMOUNT_TEXT_MAX);

// ---- Meter import (issue 26 §1): CSV or xlsx → every row verified → summary → confirm ----
export const METER_IMPORT_MAX_ROWS = 500;
export const METER_IMPORT_MSG = {
  fileRequired: 'Please upload a CSV or xlsx file',
  fileType: 'Upload a .csv or .xlsx file',
  empty: 'The file has no meter rows',
  tooMany: `A file can hold at most ${METER_IMPORT_MAX_ROWS} meters`,
  duplicateInFile: 'This meter appears more than once in the file',
  nothingToImport: 'There are no valid meters to import',
  imported: (n: number) => `${n} meter${n === 1 ? '' : 's'} saved successfully`,
  failed: 'Some meters could not be verified; nothing was saved',
} as const;
/** The columns a file may carry (headers, any case): meter number, disco, type, phone, state, label. */
export const METER_IMPORT_COLUMNS = ['meterNo', 'disco', 'vendType', 'phoneNo', 'state', 'label'] as const;
export const meterImportRowSchema = z.object({
  row: z.number().int(),
  meterNo: z.string(),
  disco: z.string(),
  vendType: z.string(),
  phoneNo: z.string(),
  state: z.string(),
  label: z.string().nullable(),
  name: z.string().nullable(),
  address: z.string().nullable(),
  ok: z.boolean(),
  errors: z.array(z.string()),
});
export type MeterImportRow = z.infer<typeof meterImportRowSchema>;
export const meterImportPreviewSchema = z.object({
  rows: z.array(meterImportRowSchema),
  valid: z.number().int(),
  failed: z.number().int(),
});
export type MeterImportPreview = z.infer<typeof meterImportPreviewSchema>;
export const meterImportConfirmBody = z.object({
  meters: z
    .array(meterAddBody.omit({ name: true, email: true }))
    .min(1, METER_IMPORT_MSG.nothingToImport)
    .max(METER_IMPORT_MAX_ROWS, METER_IMPORT_MSG.tooMany),
});
export type MeterImportConfirmBody = z.input<typeof meterImportConfirmBody>;

// ---- Monthly report per meter (issue 26 §2 ★): amount, kWh and average tariff of the vended meters ----
export const meterReportQuery = z.object({
  month: z
    .string()
    .max(7, 'Month must be YYYY-MM')
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM')
    .optional(),
  format: z.enum(['json', 'csv']).optional(),
});
export const meterReportRowSchema = z.object({
  meterId: z.string().uuid(),
  meterNo: z.string(),
  name: z.string(),
  label: z.string().nullable(),
  disco: z.string(),
  vends: z.number().int(),
  amount: majorAmount,
  amountMinor: minorAmount,
  /** kWh bought (sum of the tokens' units), 2 decimals. */
  kwh: z.string(),
  /** Naira per kWh (amount ÷ kWh), null when no units were bought (e.g. a postpaid debt). */
  averageTariff: z.string().nullable(),
});
export type MeterReportRow = z.infer<typeof meterReportRowSchema>;
export const meterReportSchema = z.object({
  month: z.string(),
  rows: z.array(meterReportRowSchema),
  totalAmount: majorAmount,
  totalAmountMinor: minorAmount,
  totalKwh: z.string(),
});
export type MeterReport = z.infer<typeof meterReportSchema>;
