/*
 * In a module of its own so that a route's search validator, which ships with the sign-in page,
 * takes the list without the rule around it; the rule imports it from here.
 */

/** The states of a patient's periodic exam as the due rule (periodic-exam-due.ts) works them out. */
export const EXAM_DUE_STATES = ['applied', 'due_soon', 'expired', 'never_examined'] as const
export type ExamDueState = (typeof EXAM_DUE_STATES)[number]
