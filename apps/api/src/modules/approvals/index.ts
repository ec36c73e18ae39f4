// The approvals engine's public entry (docs/areas/approvals.md): what
// other areas use to register an approvable record, submit it, and read its approval state.
export {
  approvalOf,
  approvedManifest,
  cancelApproval,
  currentManifest,
  decide,
  registerApprovable,
  resubmitForApproval,
  runAfterCommit,
  submitForApproval,
  type ApprovableHandler,
  type ApprovalSubject,
  type HandlerContext,
} from './engine';
export { manifestDigest, storedManifest } from './trail';
export {
  billTiersDto,
  billTierWorkflow,
  getApPolicy,
  kycIncompleteCapMinor,
  saveBillTier,
  type ApPolicyRow,
} from './policy';
