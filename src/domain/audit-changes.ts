/** The fields an admin edits on an employee ("Update user"), in the order the audit trail lists them. */
const ADMIN_EDITED_FIELDS = ['firstName', 'lastName', 'dateOfBirth', 'gender', 'levelOfCompetition'] as const;

type AdminEdited = Record<(typeof ADMIN_EDITED_FIELDS)[number], unknown>;

/**
 * The before and after of one admin edit, holding only the fields it changed (the level among them):
 * one audit entry per edit that says exactly what moved (docs/product-rules.md#audit-trail).
 */
export const changedAdminFields = (before: AdminEdited, after: AdminEdited) => {
  const changed = ADMIN_EDITED_FIELDS.filter((field) => before[field] !== after[field]);
  return {
    before: Object.fromEntries(changed.map((field) => [field, before[field]])),
    after: Object.fromEntries(changed.map((field) => [field, after[field]])),
  };
};
