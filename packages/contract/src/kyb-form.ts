import { z } from 'zod';
import {
  BVN_PATTERN,
  CAC_NUMBER_PATTERN,
  COUNTRIES,
  INDUSTRIES,
  KYB_STEP_TITLES,
  KYB_STEPS,
  kybProgressSchema,
  NG_PHONE_PATTERN,
  NIGERIAN_STATES,
  REGISTRATION_TYPE_LABELS,
  REGISTRATION_TYPES,
  TIN_PATTERN,
  type KybStep,
} from './kyb';

// The KYB form as data (GET /parameter/account/parameters, 000 §7 "dynamic form schema"),
// and the shape of GET /parameter/account. Field names match the step bodies in kyb.ts.

export type KybFieldType =
  'text' | 'textarea' | 'email' | 'tel' | 'url' | 'date' | 'select' | 'number' | 'checkbox' | 'file' | 'list';
export type KybField = {
  name: string;
  label: string;
  type: KybFieldType;
  required: boolean;
  options?: { value: string; label: string }[];
  pattern?: string;
  min?: number;
  max?: number;
  fields?: KybField[];
};
export type KybStepForm = { step: KybStep; order: number; title: string; fields: KybField[] };

const opts = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
const f = (
  name: string,
  label: string,
  type: KybFieldType,
  required: boolean,
  extra: Partial<KybField> = {},
): KybField => ({ name, label, type, required, ...extra });

const FIELDS: Record<KybStep, KybField[]> = {
  info: [
    f('legalName', 'Legal name', 'text', true),
    f('tradingName', 'Trading name', 'text', false),
    f('registrationType', 'Registration type', 'select', true, {
      options: REGISTRATION_TYPES.map((v) => ({ value: v, label: REGISTRATION_TYPE_LABELS[v] })),
    }),
    f('registrationNumber', 'CAC registration number', 'text', true, { pattern: CAC_NUMBER_PATTERN }),
    f('incorporationDate', 'Date of incorporation', 'date', true),
    f('industry', 'Industry', 'select', true, { options: opts(INDUSTRIES) }),
    f('tin', 'Tax identification number (TIN)', 'text', false, { pattern: TIN_PATTERN }),
    f('website', 'Website', 'url', false),
    f('description', 'What does the business do?', 'textarea', false),
  ],
  bvn: [f('bvn', "Director's BVN", 'text', true, { pattern: BVN_PATTERN })],
  contact: [
    f('email', 'Company email', 'email', true),
    f('phone', 'Company phone number', 'tel', true, { pattern: NG_PHONE_PATTERN }),
    f('address', 'Address', 'text', true),
    f('city', 'City', 'text', true),
    f('state', 'State', 'select', true, { options: opts(NIGERIAN_STATES) }),
    f('country', 'Country', 'select', true, { options: COUNTRIES.map((c) => ({ ...c })) }),
  ],
  ownership: [
    f('owners', 'Owners', 'list', true, {
      fields: [
        f('name', 'Full name', 'text', true),
        f('bvn', 'BVN', 'text', true, { pattern: BVN_PATTERN }),
        f('share', 'Share (%)', 'number', true, { min: 0, max: 100 }),
        f('email', 'Email', 'email', false),
        f('phone', 'Phone number', 'tel', false, { pattern: NG_PHONE_PATTERN }),
        f('position', 'Position', 'text', false),
        f('isDirector', 'Is a director', 'checkbox', false),
      ],
    }),
  ],
  documents: [
    f('certificateOfIncorporation', 'Certificate of incorporation', 'file', true),
    f('proofOfAddress', 'Proof of address (utility bill, not older than 3 months)', 'file', true),
    f('memorandumAndArticles', 'Memorandum and articles of association', 'file', false),
    f('statusReport', 'CAC status report', 'file', false),
  ],
};

export const KYB_FORM: KybStepForm[] = KYB_STEPS.map((step, i) => ({
  step,
  order: i + 1,
  title: KYB_STEP_TITLES[step],
  fields: FIELDS[step],
}));

// Two levels, not z.lazy: a list's fields are plain fields, and a recursive schema becomes a $ref
// the OpenAPI document cannot resolve (client generators stop on it).
const leafFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.string() as z.ZodType<KybFieldType>,
  required: z.boolean(),
  options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
  pattern: z.string().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
});
const fieldSchema: z.ZodType<KybField> = leafFieldSchema.extend({
  fields: z.array(leafFieldSchema).optional(),
});
export const kybFormSchema = z.object({
  steps: z.array(
    z.object({
      step: z.enum(KYB_STEPS),
      order: z.number().int(),
      title: z.string(),
      fields: z.array(fieldSchema),
    }),
  ),
});

const fileRefSchema = z.object({
  fileName: z.string(),
  originalName: z.string(),
  mime: z.string(),
  size: z.number().int(),
  url: z.string(),
});
export const kybOwnerSchema = z.object({
  id: z.string(),
  name: z.string(),
  bvn: z.string(),
  share: z.number(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  position: z.string().nullable(),
  isDirector: z.boolean(),
});
/** GET /parameter/account: every BVN in it is masked. */
export const kybAccountSchema = z.object({
  info: z
    .object({
      legalName: z.string(),
      tradingName: z.string().nullable(),
      registrationType: z.string(),
      registrationNumber: z.string(),
      incorporationDate: z.string(),
      industry: z.string(),
      tin: z.string().nullable(),
      website: z.string().nullable(),
      description: z.string().nullable(),
    })
    .nullable(),
  bvn: z.object({ bvn: z.string() }).nullable(),
  contact: z
    .object({
      email: z.string(),
      phone: z.string(),
      address: z.string(),
      city: z.string(),
      state: z.string(),
      country: z.string(),
    })
    .nullable(),
  ownership: z.object({ owners: z.array(kybOwnerSchema) }),
  documents: z.record(z.string(), fileRefSchema.nullable()).nullable(),
  progress: kybProgressSchema,
});
export type KybAccount = z.infer<typeof kybAccountSchema>;
