/**
 * Study group limits without zod (issue 13 §3): pages that need only these do not load the
 * schemas (issue 17 §14). The contracts stay in `schemas/study-groups.ts`.
 */

export const STUDY_GROUP_CAPACITY_MIN = 2;
export const STUDY_GROUP_CAPACITY_MAX = 100;
export const STUDY_GROUP_NAME_MAX = 100;
export const STUDY_GROUP_DESCRIPTION_MAX = 1000;
