// The contract's step bodies (kyb.ts) as the web forms use them: the same rules, plus the form's
// own spellings undone first (phone typed after the +234 prefix; an existing owner's blank BVN
// meaning "keep the stored one").
import { z } from 'zod';
import {
  kybBvnBody,
  kybContactBody,
  kybDocumentsBody,
  kybInfoBody,
  kybOwnershipBody,
  type KybStep,
} from '@owo/contract';
import { withNgPrefix } from '../../../components/phone-input';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object';

const contact = z.preprocess((v) => (isObj(v) ? { ...v, phone: withNgPrefix(v.phone) } : v), kybContactBody);
const ownership = z.preprocess((v) => {
  if (!isObj(v) || !Array.isArray(v.owners)) return v;
  return {
    ...v,
    owners: v.owners.map((o: Obj) => ({
      ...o,
      bvn: o.bvn ? o.bvn : o.id ? undefined : o.bvn,
      phone: withNgPrefix(o.phone),
    })),
  };
}, kybOwnershipBody);

export const kybFormSchemas: Record<KybStep, z.ZodType<Obj, Obj>> = {
  info: kybInfoBody,
  bvn: kybBvnBody,
  contact: contact as never,
  ownership: ownership as never,
  documents: kybDocumentsBody,
};

/** A stored Nigerian number shown after the +234 prefix: '+2348031234567' / '08031234567' -> '8031234567'. */
export function phoneForInput(phone: string | null | undefined) {
  if (!phone) return '';
  const s = phone.replace(/[\s-]/g, '');
  if (s.startsWith('+234')) return s.slice(4);
  if (s.startsWith('234')) return s.slice(3);
  if (s.startsWith('0')) return s.slice(1);
  return s;
}
