import { useQuery, keepPreviousData } from '@tanstack/react-query';
import type { Dashboard, TeamReport } from '@owo/contract/insights';
import type { Forecast } from '@owo/contract/insights-forecast';
import { api } from '../../lib/api';

export type InsightFilter = {
  period: 'day' | 'week' | 'month';
  currency: 'NGN' | 'USD' | 'GBP';
  subsidiaryId?: string;
};

export const insightQuery = (f: InsightFilter) => ({
  period: f.period,
  currency: f.currency,
  subsidiaryId: f.subsidiaryId || undefined,
});

export function useDashboard(f: InsightFilter, enabled = true) {
  return useQuery({
    queryKey: ['insights', 'dashboard', insightQuery(f)],
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async () => (await api.get<Dashboard>('/insights/dashboard', { query: insightQuery(f) })).data,
  });
}

export function useTeamReport(f: InsightFilter) {
  return useQuery({
    queryKey: ['insights', 'team-report', insightQuery(f)],
    placeholderData: keepPreviousData,
    queryFn: async () =>
      (await api.get<TeamReport>('/insights/team-report', { query: insightQuery(f) })).data,
  });
}

export function useSubsidiaries() {
  return useQuery({
    queryKey: ['subsidiaries', 'options'],
    queryFn: async () =>
      (await api.get<{ id: string; name: string }[]>('/subsidiaries', { skipForbiddenPage: true })).data ??
      [],
    retry: false,
  });
}

export type ForecastFilter = { currency: InsightFilter['currency']; weeks?: number };

/** GET /api/insights/forecast: the weeks from this Monday, each with its items (issue 39 §2). */
export function useForecast(f: ForecastFilter) {
  const query = { currency: f.currency, weeks: f.weeks ?? 13 };
  return useQuery({
    queryKey: ['insights', 'forecast', query],
    placeholderData: keepPreviousData,
    queryFn: async () => (await api.get<Forecast>('/insights/forecast', { query })).data,
  });
}
