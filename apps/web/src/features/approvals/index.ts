// What other areas reuse: the shared modals and the actions bar driven by canApprove/canResolve.
export { ApprovalActions } from './components/approval-actions';
export { DecisionModal, type DecisionKind } from './components/decision-modal';
export { TrailModal, TrailList } from './components/trail-modal';
export { CommentsDrawer } from './components/comments-drawer';
export { NoApproverNotice, INVITE_APPROVER_PATH } from './components/no-approver-notice';
