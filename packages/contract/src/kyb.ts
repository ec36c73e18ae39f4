import { z } from 'zod';
import { FILL_DIVISOR, SETUP_STEPS } from './messages';

// Know-your-business setup (000 §2.6, §3 "account-fill data", §4.2). The same schemas validate
// the API and the web forms; KYB_FORM describes the steps so the web can render them.

export const KYB_STEPS = ['info', 'bvn', 'contact', 'ownership', 'documents'] as const;
export type KybStep = (typeof KYB_STEPS)[number];
export const KYB_STEP_TITLES: Record<KybStep, string> = {
  info: 'Company Info',
  bvn: 'BVN Details',
  contact: 'Company Contacts',
  ownership: 'Owners Profile',
  documents: 'Company Formation',
};

export const BVN_PATTERN = '^[0-9]{11}$';
export const NG_PHONE_PATTERN = '^(\\+?234|0)[789][01][0-9]{8}$';
export const CAC_NUMBER_PATTERN = '^(RC|BN|IT)?[0-9]{1,8}$';
export const TIN_PATTERN = '^[0-9]{8}-?[0-9]{4}$';

export const KYB_MSG = {
  bvnInvalid: 'BVN must be exactly 11 digits',
  phoneInvalid: 'Enter a valid Nigerian phone number',
  emailInvalid: 'Please enter a valid email address',
  registrationNumberInvalid: 'Enter a valid CAC registration number, e.g. RC1234567',
  tinInvalid: 'Enter a valid TIN, e.g. 12345678-0001',
  dateInvalid: 'Enter a valid date',
  dateFuture: 'Incorporation date cannot be in the future',
  shareRange: 'Share must be between 0 and 100',
  shareDecimals: 'Share can have at most 2 decimal places',
  sharesTotal: 'Total ownership share cannot exceed 100%',
  ownersRequired: 'Add at least one owner',
  bvnDuplicate: 'Each owner must have a different BVN',
  previousStep: 'Please complete the previous setup steps first',
  fileUnknown: 'This file was not found; please upload it again',
  stepCompleted: (title: string) => `${title} completed`,
  setupCompleted: 'Your account setup is complete',
} as const;

export const NIGERIAN_STATES = [
  'Abia',
  'Adamawa',
  'Akwa Ibom',
  'Anambra',
  'Bauchi',
  'Bayelsa',
  'Benue',
  'Borno',
  'Cross River',
  'Delta',
  'Ebonyi',
  'Edo',
  'Ekiti',
  'Enugu',
  'Federal Capital Territory',
  'Gombe',
  'Imo',
  'Jigawa',
  'Kaduna',
  'Kano',
  'Katsina',
  'Kebbi',
  'Kogi',
  'Kwara',
  'Lagos',
  'Nasarawa',
  'Niger',
  'Ogun',
  'Ondo',
  'Osun',
  'Oyo',
  'Plateau',
  'Rivers',
  'Sokoto',
  'Taraba',
  'Yobe',
  'Zamfara',
] as const;
export const INDUSTRIES = [
  'Agriculture',
  'Construction',
  'Education',
  'Energy',
  'Financial Services',
  'Food and Beverage',
  'Healthcare',
  'Hospitality',
  'Logistics',
  'Manufacturing',
  'Media',
  'Non-profit',
  'Oil and Gas',
  'Professional Services',
  'Real Estate',
  'Retail',
  'Technology',
  'Telecommunications',
  'Transport',
  'Other',
] as const;
export const REGISTRATION_TYPES = ['RC', 'BN', 'IT'] as const;
export const REGISTRATION_TYPE_LABELS: Record<(typeof REGISTRATION_TYPES)[number], string> = {
  RC: 'Limited company (RC)',
  BN: 'Business name (BN)',
  IT: 'Incorporated trustees (IT)',
};
export const COUNTRIES = [{ value: 'NG', label: 'Nigeria' }] as const;
export const KYB_DOCUMENTS = [
  'certificateOfIncorporation',
  'proofOfAddress',
  'memorandumAndArticles',
  'statusReport',
] as const;
export type KybDocumentKey = (typeof KYB_DOCUMENTS)[number];
export const REQUIRED_KYB_DOCUMENTS: readonly KybDocumentKey[] = [
  'certificateOfIncorporation',
  'proofOfAddress',
];

/** *******5678 : at most the last 4 digits of a BVN ever leave the API (issue 18). */
export const maskBvn = (bvn: string) => `${'*'.repeat(Math.max(0, bvn.length - 4))}${bvn.slice(-4)}`;

const required = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max);
const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);
const bvnField = z
  .string({ error: 'BVN is required' })
  .trim()
  .regex(new RegExp(BVN_PATTERN), KYB_MSG.bvnInvalid);
const phoneField = z
  .string({ error: 'Phone number is required' })
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(new RegExp(NG_PHONE_PATTERN), KYB_MSG.phoneInvalid));
const isoDate = z
  .string({ error: 'Incorporation date is required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, KYB_MSG.dateInvalid)
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    KYB_MSG.dateInvalid,
  )
  .refine((v) => v <= new Date().toISOString().slice(0, 10), KYB_MSG.dateFuture);

export const kybInfoBody = z.object({
  legalName: required('Legal name'),
  tradingName: optionalText(),
  registrationType: z.enum(REGISTRATION_TYPES, { error: 'Registration type is required' }),
  registrationNumber: z
    .string({ error: 'Registration number is required' })
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(new RegExp(CAC_NUMBER_PATTERN), KYB_MSG.registrationNumberInvalid)),
  incorporationDate: isoDate,
  industry: z.enum(INDUSTRIES, { error: 'Industry is required' }),
  tin: z
    .string()
    .trim()
    .regex(new RegExp(TIN_PATTERN), KYB_MSG.tinInvalid)
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  website: z
    .url('Enter a valid website address')
    .max(200)
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  description: optionalText(500),
});
export type KybInfo = z.output<typeof kybInfoBody>;

export const kybBvnBody = z.object({ bvn: bvnField });

export const kybContactBody = z.object({
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().pipe(z.email(KYB_MSG.emailInvalid)),
  phone: phoneField,
  address: required('Address', 300),
  city: required('City', 100),
  state: z.enum(NIGERIAN_STATES, { error: 'State is required' }),
  country: z.enum(['NG'], { error: 'Country is required' }).default('NG'),
});
export type KybContact = z.output<typeof kybContactBody>;

const shareField = z
  .number({ error: 'Share is required' })
  .min(0, KYB_MSG.shareRange)
  .max(100, KYB_MSG.shareRange)
  .refine(
    (v) => Number.isInteger(Math.round(v * 100)) && Math.abs(v * 100 - Math.round(v * 100)) < 1e-9,
    KYB_MSG.shareDecimals,
  );

export const kybOwnerBody = z.object({
  /** An existing owner's id: its BVN may be left out to keep the stored one. */
  id: z.string().uuid().optional(),
  name: required('Name', 120),
  bvn: bvnField.optional(),
  share: shareField,
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email(KYB_MSG.emailInvalid))
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  phone: phoneField
    .nullish()
    .or(z.literal(''))
    .transform((v) => v || null),
  position: optionalText(80),
  isDirector: z.boolean().default(false),
});
export const kybOwnershipBody = z
  .object({
    owners: z.array(kybOwnerBody, { error: KYB_MSG.ownersRequired }).min(1, KYB_MSG.ownersRequired).max(20),
  })
  .superRefine((v, ctx) => {
    const totalBps = v.owners.reduce((s, o) => s + Math.round(o.share * 100), 0);
    if (totalBps > 10000) ctx.addIssue({ code: 'custom', path: ['owners'], message: KYB_MSG.sharesTotal });
    const seen = new Set<string>();
    v.owners.forEach((o, i) => {
      if (!o.id && !o.bvn)
        ctx.addIssue({ code: 'custom', path: ['owners', i, 'bvn'], message: 'BVN is required' });
      if (o.bvn && seen.has(o.bvn))
        ctx.addIssue({ code: 'custom', path: ['owners', i, 'bvn'], message: KYB_MSG.bvnDuplicate });
      if (o.bvn) seen.add(o.bvn);
    });
  });
export type KybOwnershipBody = z.output<typeof kybOwnershipBody>;

const fileRef = z.string().regex(/^[a-f0-9]{32}\.(png|jpg|webp|gif|pdf)$/, 'Invalid file');
export const kybDocumentsBody = z.object({
  certificateOfIncorporation: fileRef
    .or(z.undefined())
    .refine((v) => !!v, 'Certificate of incorporation is required'),
  proofOfAddress: fileRef.or(z.undefined()).refine((v) => !!v, 'Proof of address is required'),
  memorandumAndArticles: fileRef.nullish().transform((v) => v ?? null),
  statusReport: fileRef.nullish().transform((v) => v ?? null),
});
export type KybDocuments = Partial<Record<KybDocumentKey, string | null>>;

export const kybStepBodies = {
  info: kybInfoBody,
  bvn: kybBvnBody,
  contact: kybContactBody,
  ownership: kybOwnershipBody,
  documents: kybDocumentsBody,
} as const;

/** 000 §4.2: steps count in order; fill percentage counts info, contact, owners, documents out of 6. */
export function kybProgress(s: {
  info?: { legalName?: string | null } | null;
  bvn?: string | null;
  contact?: object | null;
  ownersCount: number;
  documents?: KybDocuments | null;
}) {
  const documentsPresent = !!s.documents && REQUIRED_KYB_DOCUMENTS.every((k) => !!s.documents?.[k]);
  const present = [!!s.info?.legalName, !!s.bvn, !!s.contact, s.ownersCount > 0, documentsPresent];
  let maxStep = 0;
  while (maxStep < SETUP_STEPS && present[maxStep]) maxStep++;
  const filled = [present[0], present[2], present[3], present[4]].filter(Boolean).length;
  return {
    maxStep,
    isComplete: maxStep >= SETUP_STEPS,
    fillPercentage: Math.round((filled / FILL_DIVISOR) * 100),
  };
}
export type KybProgress = ReturnType<typeof kybProgress>;
export const kybProgressSchema = z.object({
  maxStep: z.number().int(),
  isComplete: z.boolean(),
  fillPercentage: z.number(),
});
