// The seams the marketplace area owns (platform/seams.ts).
import type { VendingPort } from './provider/port';

declare module '../../platform/seams' {
  interface PortSeams {
    /** The vending provider chosen by VENDING_PROVIDER, created on first use. */
    vending: VendingPort;
  }
}
