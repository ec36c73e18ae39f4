// What other features use from projects: the project list (an expense or payout names a project).
export { useProjects } from './api';
export { ProjectSpendBar } from './spend-bar';
