import { ProfileUpdate } from '@/contract/profile';
import { profileEndpoints } from '@/contract/profile';
import { consumeRateLimit, rateLimitRules } from '../../http/rate-limit';
import type { AppDeps } from '../../deps';
import { readMultipart } from '../../http/multipart';
import { route, type RouteTable } from '../../http/route-table';
import { profileService } from './service';

/** GET and PUT /users/:id/profile: one's own profile (admins may read any). */
export const registerProfileRoutes = async (app: RouteTable, deps: AppDeps) => {
  const service = profileService(deps);

  route(app, profileEndpoints.profile, ({ user, params }) => service.read(user, params.id));

  route(app, profileEndpoints.updateProfile, async ({ user, params, request }) => {
    const { fields, photo } = await readMultipart(request, ProfileUpdate);
    // Photo bytes from one address are bounded per hour, whichever account they go to.
    if (photo) await consumeRateLimit(deps.db, rateLimitRules.uploadBytesPerAddress, request.ip, deps.clock.now(), photo.bytes.length);
    return service.update(user, params.id, fields, photo);
  });
};
