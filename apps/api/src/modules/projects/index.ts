// The projects module's public face. Areas whose records name a project (expenses, later payouts)
// validate the id with `requireActiveProject` inside their creating transaction and read names for
// their answers with `projectNames`; `projectSpend` gives spent/committed per project.
export { registerProjects } from './routes';
export { projectNames, projectSpend, requireActiveProject } from './service';
