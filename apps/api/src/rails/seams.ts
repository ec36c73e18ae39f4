// The seams the rails layer owns (platform/seams.ts): the rails adapter, provided by funding.
import type { RailsPort } from './port';

declare module '../platform/seams' {
  interface PortSeams {
    /** This app's rails adapter (RAILS_PROVIDER), provided by funding at registration. */
    rails: RailsPort;
  }
}
