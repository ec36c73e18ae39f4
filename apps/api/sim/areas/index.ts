// The areas the simulator drives. To add one: write `<area>.ts` exporting an Area (setup, weighted
// ops that do one valid thing or nothing, invariants of its own) and list it here.
import type { Area } from '../types';
import { cardsArea } from './cards';
import { depositsArea } from './deposits';
import { exchangeArea } from './exchange';
import { payoutsArea } from './payouts';
import { recurringPayoutsArea } from './payouts-recurring';

export const AREAS: Area[] = [depositsArea, payoutsArea, cardsArea, exchangeArea, recurringPayoutsArea];
