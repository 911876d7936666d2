export { AuditScreen } from './components/audit-screen';
export { AuditView, auditViewSearch } from './audit-view';
