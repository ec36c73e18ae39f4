// The areas the simulator drives. To add one: write `<module>.ts` exporting an Area (setup, weighted
// ops that do one valid thing or nothing, invariants of its own) and list it here.
import type { Area } from '../types';
import { cardsArea } from './cards';
import { commissionsArea } from './commissions';
import { depositsArea } from './deposits';
import { disbursementsArea } from './disbursements';
import { exchangeArea } from './exchange';
import { inflowsArea } from './inflows';
import { paymentInvitationsArea } from './payment-invitations';
import { payoutsArea } from './payouts';
import { recurringPayoutsArea } from './payouts-recurring';
import { payrollArea } from './payroll';
export const AREAS: Area[] = [
  depositsArea,
  payoutsArea,
  recurringPayoutsArea,
  exchangeArea,
  disbursementsArea,
  payrollArea,
  inflowsArea,
  paymentInvitationsArea,
  commissionsArea,
  cardsArea,
];
