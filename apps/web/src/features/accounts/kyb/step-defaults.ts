// A step's form values from the saved KYB data (GET /parameter/account). BVNs come back masked, so
// they are never put back into inputs: an empty BVN of a saved owner keeps the stored one.
import type { KybAccount, KybField, KybStep } from '@owo/contract';
import { phoneForInput } from './step-schemas';

type Values = Record<string, unknown>;

function emptyFor(field: KybField): unknown {
  if (field.type === 'checkbox') return false;
  if (field.type === 'number' || field.type === 'select' || field.type === 'file') return undefined;
  return '';
}

export function emptyOwner(fields: KybField[]): Values {
  return Object.fromEntries(fields.map((f) => [f.name, emptyFor(f)]));
}

export function stepDefaults(step: KybStep, fields: KybField[], kyb: KybAccount | undefined): Values {
  const base = Object.fromEntries(fields.map((f) => [f.name, emptyFor(f)]));
  if (!kyb) return base;
  if (step === 'info' && kyb.info) {
    const saved = Object.fromEntries(Object.entries(kyb.info).map(([k, v]) => [k, v ?? '']));
    return { ...base, ...saved, incorporationDate: kyb.info.incorporationDate.slice(0, 10) };
  }
  if (step === 'contact' && kyb.contact)
    return { ...base, ...kyb.contact, phone: phoneForInput(kyb.contact.phone) };
  if (step === 'bvn') return { bvn: '' };
  if (step === 'ownership') {
    const list = fields.find((f) => f.type === 'list');
    const owners = kyb.ownership.owners.map((o) => ({
      id: o.id,
      name: o.name,
      bvn: '',
      share: o.share,
      email: o.email ?? '',
      phone: phoneForInput(o.phone),
      position: o.position ?? '',
      isDirector: o.isDirector,
    }));
    return { owners: owners.length ? owners : [emptyOwner(list?.fields ?? [])] };
  }
  if (step === 'documents' && kyb.documents) {
    return {
      ...base,
      ...Object.fromEntries(
        Object.entries(kyb.documents).map(([k, v]) => [
          k,
          v?.fileName ?? (fields.find((f) => f.name === k)?.required ? undefined : null),
        ]),
      ),
    };
  }
  return base;
}
