// The areas the simulator drives. To add one: write `<area>.ts` exporting an Area (setup, weighted
// ops that do one valid thing or nothing, invariants of its own) and list it here.
import type { Area } from '../types';
import { depositsArea } from './deposits';
import { disbursementsArea } from './disbursements';
import { payrollArea } from './payroll';
import { payoutsArea } from './payouts';

export const AREAS: Area[] = [depositsArea, payoutsArea, disbursementsArea, payrollArea];
