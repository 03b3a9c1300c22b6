import * as v from 'valibot'
import { EXPOSURE_YEARS } from '../rules/admission-ranges'
import { list, optionalText, wholeIn } from './bounded'

/**
 * Occupational exposures (issue 22): the agents a worker was exposed to and for how many years
 * (SPEC §5: 1 to 100). The admission exam's work background records them per previous job; each
 * periodic exam records them again as seen that day, so a change shows from exam to exam.
 */
export const EXPOSURE_AGENTS = ['noise', 'dust', 'chemicals', 'ergonomic', 'biological'] as const
export type ExposureAgent = (typeof EXPOSURE_AGENTS)[number]

export const OccupationalExposure = v.object({
  agent: v.picklist(EXPOSURE_AGENTS, 'field.picklist'),
  years: wholeIn(EXPOSURE_YEARS),
  /** What exactly (a solvent's name, the decibels measured…). */
  notes: optionalText(300),
})
export type OccupationalExposure = v.InferOutput<typeof OccupationalExposure>

/** The exposures of one job or one exam: each agent at most once. */
export const OccupationalExposures = v.pipe(
  list(OccupationalExposure, EXPOSURE_AGENTS.length),
  v.check(
    (exposures) => new Set(exposures.map((e) => e.agent)).size === exposures.length,
    'exposure.duplicateAgent',
  ),
)
