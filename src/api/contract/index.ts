export * from './common';
export * from './fields';
export * from './auth';
export * from './users';
export * from './profile';
export * from './trackers';
export * from './import-sources';
export * from './workout-files';
export * from './activity';
export * from './feed';
export * from './leaders';
export * from './bonus';
export * from './system';
export * from './audit';
export * from './insights';
export * from './access';
export * from './invitations';
export * from './privacy';
export * from './sso';
export * from './teams';
export * from './phone-apps';

import { accessEndpoints } from './access';
import { invitationEndpoints } from './invitations';
import { privacyEndpoints } from './privacy';
import { ssoEndpoints } from './sso';
import { teamsEndpoints } from './teams';
import { phoneAppsEndpoints } from './phone-apps';
import { activityEndpoints } from './activity';
import { auditEndpoints } from './audit';
import { authEndpoints } from './auth';
import { bonusEndpoints } from './bonus';
import { feedEndpoints } from './feed';
import { insightsEndpoints } from './insights';
import { leadersEndpoints } from './leaders';
import { profileEndpoints } from './profile';
import { systemEndpoints } from './system';
import { trackersEndpoints } from './trackers';
import { usersEndpoints } from './users';

/**
 * Every endpoint of the product, by slice: the same names as server/modules/<slice>,
 * src/features/<slice> and tests/<suite>/<slice>. The contract suite walks this.
 */
export const api = {
  auth: authEndpoints,
  users: usersEndpoints,
  profile: profileEndpoints,
  trackers: trackersEndpoints,
  activity: activityEndpoints,
  feed: feedEndpoints,
  leaders: leadersEndpoints,
  bonus: bonusEndpoints,
  system: systemEndpoints,
  audit: auditEndpoints,
  insights: insightsEndpoints,
  access: accessEndpoints,
  invitations: invitationEndpoints,
  privacy: privacyEndpoints,
  sso: ssoEndpoints,
  teams: teamsEndpoints,
  phoneApps: phoneAppsEndpoints,
};
