import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  envelope,
  EXCHANGE_RESOURCES,
  exchangeQuoteInput,
  exchangeQuoteAnswerSchema,
  toExchangeQuoteAnswer,
  type ExchangeResource,
} from '@owo/contract';
import type { AppDeps } from '../../platform/deps';
import { needs, tenantOf } from '../../platform/guard';
import { ok } from '../../platform/http';
import { quoteExchange } from './exchange';

/**
 * POST /api/exchange/disbursement/{resource}/{walletId} (001 §7 "Exchange quote"). One route per
 * resource so each declares its own permission statically: creating (post) on that resource.
 */
/** The operationId's noun per resource: quotePayoutExchange, quoteExpenseExchange... */
const EXCHANGE_OPERATION: Record<ExchangeResource, string> = {
  payouts: 'Payout',
  expenses: 'Expense',
  payrolls: 'Payroll',
  disbursement: 'Disbursement',
  inflows: 'Inflow',
};

export async function registerExchangeRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const resource of EXCHANGE_RESOURCES) {
    r.post(
      `/api/exchange/disbursement/${resource}/:walletId`,
      {
        config: needs(resource, 'post'),
        schema: {
          operationId: `quote${EXCHANGE_OPERATION[resource]}Exchange`,
          summary: `Quote a currency exchange for ${resource}`,
          tags: ['exchange'],
          params: z.object({ walletId: z.string().uuid('Please select a wallet to send from') }),
          body: exchangeQuoteInput,
          response: { 200: envelope(exchangeQuoteAnswerSchema) },
        },
      },
      async (req) => {
        const quote = await quoteExchange(deps, {
          accountId: tenantOf(req).accountId,
          walletId: req.params.walletId,
          ...req.body,
        });
        return ok(toExchangeQuoteAnswer(quote), 'Exchange quote');
      },
    );
  }
}
