export * from './common';
export * from './fields';
export * from './auth';
export * from './users';
export * from './activity';
export * from './leaders';
export * from './system';
export * from './audit';
export * from './insights';

import { activityEndpoints } from './activity';
import { auditEndpoints } from './audit';
import { authEndpoints } from './auth';
import { insightsEndpoints } from './insights';
import { leadersEndpoints } from './leaders';
import { systemEndpoints } from './system';
import { usersEndpoints } from './users';

/** Every endpoint of the product, by domain. The contract suite walks this. */
export const api = {
  auth: authEndpoints,
  users: usersEndpoints,
  activity: activityEndpoints,
  leaders: leadersEndpoints,
  system: systemEndpoints,
  audit: auditEndpoints,
  insights: insightsEndpoints,
};
