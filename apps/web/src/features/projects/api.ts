// Projects (001 §7 /project; issue 21 §0, §3).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Pagination } from '@owo/contract/http';
import type { Project } from '@owo/contract/projects';
import type { Member } from '@owo/contract/teams';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

export const projectKeys = {
  all: ['projects'] as const,
  list: (p: object) => ['projects', 'list', p] as const,
  detail: (id: string) => ['projects', 'detail', id] as const,
  members: ['projects', 'members'] as const,
};
export const refreshProjects = () => queryClient.invalidateQueries({ queryKey: projectKeys.all });

export function useProjects(p: { page: number; search?: string; active?: 'true' | 'false'; limit?: number }) {
  return useQuery({
    queryKey: projectKeys.list(p),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const query: Record<string, string | number> = { page: p.page, limit: p.limit ?? 15 };
      if (p.search) query.search = p.search;
      if (p.active) query.active = p.active;
      const res = await api.get<Project[]>('/project', { query });
      return { items: res.data, pagination: res.metadata?.pagination as Pagination | undefined };
    },
  });
}

export function useProject(id: string | undefined) {
  return useQuery({
    queryKey: projectKeys.detail(id ?? ''),
    enabled: !!id,
    queryFn: async () => (await api.get<Project>(`/project/${id}`)).data,
  });
}

/** Members who can be assigned: the active account accesses (GET /account_access). */
export function useAssignableMembers(enabled: boolean) {
  return useQuery({
    queryKey: projectKeys.members,
    enabled,
    queryFn: async () =>
      (await api.get<Member[]>('/account_access', { query: { where: 'members', limit: 100 } })).data.filter(
        (m) => m.active,
      ),
  });
}

export type ProjectInput = {
  name: string;
  description?: string | null;
  budget?: string | null;
  startDate?: string | null;
  endDate?: string | null;
};

export const projectsApi = {
  create: (body: ProjectInput) => api.post<Project>('/project', body),
  setBudget: (id: string, budget: string | null) => api.put<Project>(`/project/${id}/budget`, { budget }),
  assign: (id: string, accessIds: string[]) => api.post<Project>(`/project/${id}/assign`, { accessIds }),
  setActive: (id: string, active: boolean) => api.patch<Project>(`/project/${id}/activate`, { active }),
};
