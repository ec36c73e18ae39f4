// Team permission flags (002 §6) and the tab rules of the Teams page (002 §2 Teams).
import { can, type Resources } from '@owo/contract';

export type TeamFlags = ReturnType<typeof teamFlags>;

export function teamFlags(resources: Resources | null | undefined) {
  return {
    canEditInvites: can(resources, 'invitations', 'put'),
    canDeleteInvites: can(resources, 'invitations', 'delete'),
    canInviteTeamMembers: can(resources, 'invitations', 'post'),
    canViewInvites: can(resources, 'invitations', 'get'),
    canViewRoles: can(resources, 'roles', 'get'),
    canCreateRoles: can(resources, 'roles', 'post'),
    canEditRoles: can(resources, 'roles', 'put'),
    canViewTeamMembers: can(resources, 'accountAccess', 'get'),
    canViewAgents: can(resources, 'agents', 'get'),
    canEditTeamMembers: can(resources, 'accountAccess', 'patch'),
    canRevokeTeamMembers: can(resources, 'accountAccess', 'delete'),
    /** Default commission config and each agent's commission (002 §6). */
    canManageCommissionSettings: can(resources, 'agentCommissionSettings', 'post'),
  };
}

export type TeamTab = 'members' | 'agents' | 'pending';

/** The tabs shown, in order. Pending Requests needs the invitations view right. */
export function visibleTabs(f: TeamFlags): TeamTab[] {
  const tabs: TeamTab[] = [];
  if (f.canViewTeamMembers) tabs.push('members');
  if (f.canViewAgents) tabs.push('agents');
  if (f.canViewInvites) tabs.push('pending');
  return tabs;
}

/** 002 §2: the first visible tab is Members if allowed, else Agents, else Pending. */
export function firstVisibleTab(f: TeamFlags): TeamTab {
  if (f.canViewTeamMembers) return 'members';
  if (f.canViewAgents) return 'agents';
  return 'pending';
}

/** Owner invitations keep their role (002 §4, §6). */
export const canChangeInviteRole = (invite: { role: string }, f: TeamFlags) =>
  f.canEditInvites && invite.role !== 'owner';
/** The owner's role is fixed (TEAM_MSG.ownerRoleFixed). */
export const canChangeMemberRole = (member: { role: string }, f: TeamFlags) =>
  f.canEditTeamMembers && member.role !== 'owner';
export const canRevokeMember = (member: { role: string }, f: TeamFlags) =>
  f.canRevokeTeamMembers && member.role !== 'owner';
