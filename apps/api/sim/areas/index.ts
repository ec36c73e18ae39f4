// The areas the simulator drives. To add one: write `<area>.ts` exporting an Area (setup, weighted
// ops that do one valid thing or nothing, invariants of its own) and list it here.
import type { Area } from '../types';
import { depositsArea } from './deposits';
import { payoutsArea } from './payouts';
import { billsArea } from './payouts-bills';
import { expensesArea } from './expenses';
import { requestsArea } from './requests';
import { marketplaceArea } from './marketplace';

export const AREAS: Area[] = [
  depositsArea,
  payoutsArea,
  billsArea,
  expensesArea,
  requestsArea,
  marketplaceArea,
];
