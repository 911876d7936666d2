import { workoutFileEndpoints } from '@/contract/workout-files';
import type { AppDeps } from '../../deps';
import { route, type RouteTable } from '../../http/route-table';
import { workoutFilesService } from './workout-files-service';

/** 'Import workout files': the preview reads the multipart upload as it streams in; the import takes the preview's ticket. */
export const registerWorkoutFileRoutes = (app: RouteTable, deps: AppDeps) => {
  const service = workoutFilesService(deps);
  route(app, workoutFileEndpoints.previewWorkoutFiles, ({ user, request }) => service.preview(user.id, request.form));
  route(app, workoutFileEndpoints.importWorkoutFiles, ({ user, body }) => service.import(user.id, body.ticket));
};
