// The areas the simulator drives. To add one: write `<module>.ts` exporting an Area (setup, weighted
// ops that do one valid thing or nothing, invariants of its own) and list it here.
import type { Area } from '../types';
import { cardsArea } from './cards';
import { commissionsArea } from './commissions';
import { depositsArea } from './deposits';
import { disbursementsArea } from './disbursements';
import { exchangeArea } from './exchange';
import { expensesArea } from './expenses';
import { inflowsArea } from './inflows';
import { marketplaceArea } from './marketplace';
import { paymentInvitationsArea } from './payment-invitations';
import { payoutsArea } from './payouts';
import { billsArea } from './payouts-bills';
import { recurringPayoutsArea } from './payouts-recurring';
import { payrollArea } from './payroll';
import { requestsArea } from './requests';

export const AREAS: Area[] = [
  depositsArea,
  payoutsArea,
  recurringPayoutsArea,
  exchangeArea,
  billsArea,
  expensesArea,
  requestsArea,
  marketplaceArea,
  disbursementsArea,
  payrollArea,
  inflowsArea,
  paymentInvitationsArea,
  commissionsArea,
  cardsArea,
];
