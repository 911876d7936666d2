import { AppError, notFound } from './errors';

/** Pure (no Node APIs): the mocks throw these same errors. */

export const LEVEL_WINDOW_CLOSED_MESSAGE = 'You can change your level of competition only in the first week of the new competition year (1-7 April)';

export const levelWindowClosed = () => new AppError(403, 'LEVEL_WINDOW_CLOSED', LEVEL_WINDOW_CLOSED_MESSAGE);
export const profileNotFound = () => notFound('User not found');
