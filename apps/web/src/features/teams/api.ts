// Teams calls (002 §7): roles, invitations and members (account_access).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  CreateInvitationBody,
  Invitation,
  Member,
  MemberDetail,
  Pagination,
  Role,
  RoleBody,
} from '@owo/contract';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

export const TEAM_PAGE_SIZE = 20;
export const teamKeys = {
  all: ['teams'] as const,
  roles: ['teams', 'roles'] as const,
  members: (where: 'members' | 'agents', page: number) => ['teams', 'members', where, page] as const,
  member: (id: string) => ['teams', 'member', id] as const,
  invitations: (page: number) => ['teams', 'invitations', page] as const,
};

type Page<T> = { items: T[]; pagination: Pagination | undefined };

export function useRoles(enabled = true) {
  return useQuery({
    queryKey: teamKeys.roles,
    enabled,
    queryFn: async () => (await api.get<Role[]>('/role')).data,
  });
}

export function useMembers(where: 'members' | 'agents', page: number, enabled = true) {
  return useQuery({
    queryKey: teamKeys.members(where, page),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<Page<Member>> => {
      // Agents are members with the agent role; until an agents API exists a 403 here is shown
      // in the tab, not as the whole page's Access Forbidden.
      const res = await api.get<Member[]>('/account_access', {
        query: { where, page, limit: TEAM_PAGE_SIZE },
        skipForbiddenPage: where === 'agents',
      });
      return { items: res.data, pagination: res.metadata?.pagination };
    },
  });
}

export function useMember(id: string | null) {
  return useQuery({
    queryKey: teamKeys.member(id ?? ''),
    enabled: !!id,
    queryFn: async () => (await api.get<MemberDetail>(`/account_access/${id}`)).data,
  });
}

export function useInvitations(page: number, enabled = true) {
  return useQuery({
    queryKey: teamKeys.invitations(page),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<Page<Invitation>> => {
      const res = await api.get<Invitation[]>('/invitations', { query: { page, limit: TEAM_PAGE_SIZE } });
      return { items: res.data, pagination: res.metadata?.pagination };
    },
  });
}

export const teamsApi = {
  setSpendLimit: (id: string, amount: number, mode: 'create' | 'update') =>
    mode === 'create'
      ? api.post<Member>(`/account_access/${id}/expense-limit`, { amount })
      : api.patch<Member>(`/account_access/${id}/expense-limit`, { amount }),
  invite: (body: CreateInvitationBody) => api.post<Invitation>('/invitations', body),
  resendInvite: (id: string) => api.action<Invitation>(`/invitations/${id}/resend`),
  changeInviteRole: (id: string, role: string) => api.put<Invitation>(`/invitations/${id}`, { role }),
  cancelInvite: (id: string) => api.delete<Invitation>(`/invitations/${id}`),
  changeMemberRole: (id: string, role: string) => api.patch<Member>(`/account_access/${id}`, { role }),
  revokeMember: (id: string) => api.delete<Member>(`/account_access/${id}`),
  createRole: (body: RoleBody) => api.post<Role>('/role', body),
  updateRole: (id: string, body: RoleBody) => api.put<Role>(`/role/${id}`, body),
};

/** Members, invitations and roles change together (an accepted role, a revoked member). */
export const refreshTeams = () => queryClient.invalidateQueries({ queryKey: teamKeys.all });
