import { errorEnvelope } from '@owo/contract';

/** What every receivables route shares: its OpenAPI tag and its error answers. */
export const tags = ['inflows'];
export const errors = { 400: errorEnvelope, 404: errorEnvelope, 409: errorEnvelope, 422: errorEnvelope };
