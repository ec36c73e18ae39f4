// The approvals engine's public entry (docs/areas/approvals.md): what
// other areas use to register an approvable record, submit it, and read its approval state.
export { decide } from './decide';
export {
  registerApprovable,
  runAfterCommit,
  type ApprovableHandler,
  type ApprovalSubject,
  type HandlerContext,
} from './handlers';
export { approvalOf, approvedManifest, currentManifest } from './read';
export { cancelApproval, resubmitForApproval, submitForApproval } from './submit';
export { manifestDigest, storedManifest } from './trail';
export {
  billTiersDto,
  billTierWorkflow,
  getApPolicy,
  kycIncompleteCapMinor,
  saveBillTier,
  type ApPolicyRow,
} from './policy';
