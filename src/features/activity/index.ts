export { EmployeeDashboard } from './components/dashboard';
export { activityQueries } from './api/activity-queries';
export { monthStartOf } from './month';
