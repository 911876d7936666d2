export { UsersScreen } from './components/users-screen';
export { WorkoutsScreen } from './components/workouts-screen';
export { adminUsersQueries } from './api/admin-users-queries';
export { UsersView, usersViewSearch } from './users-view';
