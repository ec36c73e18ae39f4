// Approvals calls (001 §7 Approvals; issue 21 §1): workflows, decisions, the AP policy.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  ApprovalComment,
  ApPolicy,
  ApPolicyBody,
  ApprovalListItem,
  ApprovalType,
  ApproverOutlook,
  PendingApprovalItem,
  Workflow,
  WorkflowBody,
} from '@owo/contract/approvals';
import type { Pagination } from '@owo/contract/http';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/query';

export const approvalKeys = {
  all: ['approvals'] as const,
  types: ['approvals', 'types'] as const,
  workflows: (type?: string) => ['approvals', 'workflows', type ?? 'all'] as const,
  workflow: (id: string) => ['approvals', 'workflow', id] as const,
  list: (which: 'pending' | 'rejected', type: string, page: number) =>
    ['approvals', which, type, page] as const,
  item: (id: string) => ['approvals', 'item', id] as const,
  comments: (id: string) => ['approvals', 'comments', id] as const,
  policy: ['approvals', 'ap-policy'] as const,
  outlook: (type: string, amount?: string) => ['approvals', 'outlook', type, amount ?? ''] as const,
};

export const refreshApprovals = () => queryClient.invalidateQueries({ queryKey: approvalKeys.all });

export function useApprovalTypes() {
  return useQuery({
    queryKey: approvalKeys.types,
    queryFn: async () =>
      (await api.get<{ type: ApprovalType; label: string }[]>('/approval-workflows/types')).data,
    staleTime: Infinity,
  });
}

export function useWorkflows(type?: ApprovalType) {
  return useQuery({
    queryKey: approvalKeys.workflows(type),
    queryFn: async () =>
      (await api.get<Workflow[]>('/approval-workflows', { query: type ? { type } : {} })).data,
  });
}

export function useWorkflow(id: string | undefined) {
  return useQuery({
    queryKey: approvalKeys.workflow(id ?? ''),
    enabled: !!id,
    queryFn: async () => (await api.get<Workflow>(`/approval-workflows/${id}`)).data,
  });
}

export const saveWorkflow = (id: string | undefined, body: WorkflowBody) =>
  id ? api.put<Workflow>(`/approval-workflows/${id}`, body) : api.post<Workflow>('/approval-workflows', body);
export const deleteWorkflow = (id: string) => api.delete<Workflow>(`/approval-workflows/${id}`);

export function useApprovalList(which: 'pending' | 'rejected', type: ApprovalType, page: number) {
  return useQuery({
    queryKey: approvalKeys.list(which, type, page),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const res = await api.get<ApprovalListItem[]>(`/approval-workflows/${which}-approvals/${type}`, {
        query: { page, limit: 20 },
      });
      return { items: res.data, pagination: res.metadata?.pagination as Pagination | undefined };
    },
  });
}

export const decideApproval = (
  id: string,
  body: { approvalStatus: 'approved' | 'rejected'; comments: string },
) => api.post<PendingApprovalItem>(`/approval-workflows/pending-approvals/approve/${id}`, body);
/** The owner approves their own item because nobody else can (issue 34 §9): its own action. */
export const selfApproveApproval = (id: string, comments: string) =>
  api.post<PendingApprovalItem>(`/approval-workflows/pending-approvals/self-approve/${id}`, { comments });
export const resolveApproval = (id: string, comments: string) =>
  api.put<PendingApprovalItem>(`/approval-workflows/rejected-approvals/${id}/resolve`, { comments });

/**
 * Before submitting an item of `type`: can anyone but the caller approve it (issue 34 §9)? `amount`
 * (naira, as typed) narrows it to the plan the engine would pick; an invalid amount is not sent.
 */
export function useApproverOutlook(type: ApprovalType, amount?: string) {
  const valid = amount && /^\d{1,13}(\.\d{1,2})?$/.test(amount.trim()) && Number(amount) > 0;
  const a = valid ? amount.trim() : undefined;
  return useQuery({
    queryKey: approvalKeys.outlook(type, a),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    queryFn: async () =>
      (
        await api.get<ApproverOutlook>(`/approval-workflows/approvers/${type}`, {
          query: a ? { amount: a } : {},
        })
      ).data,
  });
}

export function useApPolicy() {
  return useQuery({
    queryKey: approvalKeys.policy,
    queryFn: async () => (await api.get<ApPolicy>('/settings/ap-policy')).data,
  });
}
export const saveApPolicy = (body: ApPolicyBody) => api.put<ApPolicy>('/settings/ap-policy', body);

// The item's comment thread (issue 24 §0). A 403 (a member not involved with the item) is shown in
// the drawer, not as the Access Forbidden page: the record's own screen stays readable.
const quiet = { skipForbiddenPage: true } as const;
export function useApprovalComments(approvalId: string, enabled: boolean) {
  return useQuery({
    queryKey: approvalKeys.comments(approvalId),
    enabled,
    retry: false,
    queryFn: async () =>
      (await api.get<ApprovalComment[]>(`/approval-workflows/items/${approvalId}/comments`, quiet)).data,
  });
}
export const addApprovalComment = (approvalId: string, body: string) =>
  api.post<ApprovalComment[]>(`/approval-workflows/items/${approvalId}/comments`, { body }, quiet);
