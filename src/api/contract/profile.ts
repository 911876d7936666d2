import { z } from 'zod';
import { IdParams, endpoint } from './common';
import * as field from './fields';
import { User } from './users';

/** Profile form: signup fields without passwords, plus isPrivateActivity. */
export const ProfileForm = z.object({
  firstName: field.firstName,
  lastName: field.lastName,
  dateOfBirth: field.dateOfBirth,
  gender: field.gender,
  email: field.email,
  levelOfCompetition: field.levelOfCompetition,
  isPrivateActivity: field.booleanish('Please choose, if you want to share your activity'),
});
/** PUT /users/:id/profile multipart: only the changed fields (photo as a file part). */
export const ProfileUpdate = ProfileForm.partial();
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

export const profileEndpoints = {
  profile: endpoint({ method: 'GET', path: '/users/:id/profile', auth: 'any', params: IdParams, status: 200, response: User }),
  updateProfile: endpoint({ method: 'PUT', path: '/users/:id/profile', auth: 'any', params: IdParams, body: ProfileUpdate, multipart: true, status: 200, response: User }),
};
