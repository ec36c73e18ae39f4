// Customer and employee portal entry pages. `portalRoutes` mounts both portals; the guards and
// layouts are exported for the invoices and payroll areas to reuse.
export { portalRoutes } from './routes';
export { CustomerGuard, CustomerLayout } from './customer/customer-portal';
export { EmployeeGuard, EmployeePortalLayout } from './employee/employee-portal';
