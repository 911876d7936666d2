import { adminUsersService, type UsersDeps } from './admin-service';
import { usersExportService } from './export-service';

/** Users management by an admin: the table, one employee, their lists (admin-service.ts) and the CSV exports (export-service.ts). */
export const usersService = (deps: UsersDeps) => ({ ...adminUsersService(deps), ...usersExportService(deps) });
