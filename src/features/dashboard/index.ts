export { EmployeeDashboard } from './components/dashboard';
export { DashboardClockProvider } from './dashboard-clock';
export { activityQueries } from './api/activity-queries';
export { monthStartOf } from './month';
