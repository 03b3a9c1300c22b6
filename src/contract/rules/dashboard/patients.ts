/**
 * SPEC §2 "patient charts": the patients every item counts over (the live patients in scope under
 * the dashboard's filters), by biological sex and by age band today, so the dashboard shows whom
 * its figures are about. The period does not apply: who is in care is a state of now.
 */

/** The patient form's biological sexes (SPEC §3), and none recorded. */
export const CHART_SEXES = ['female', 'male', 'intersex', 'unrecorded'] as const
export type ChartSex = (typeof CHART_SEXES)[number]

/** Age bands in completed years: each band holds its lower age, up to the next band's. */
export const AGE_BANDS = [
  { band: 'under_20', from: 0 },
  { band: '20_29', from: 20 },
  { band: '30_39', from: 30 },
  { band: '40_49', from: 40 },
  { band: '50_59', from: 50 },
  { band: '60_plus', from: 60 },
] as const
export type AgeBand = (typeof AGE_BANDS)[number]['band'] | 'unrecorded'

export interface PatientCharts {
  total: number
  by_sex: Record<ChartSex, number>
  /** In `AGE_BANDS` order, then those without a readable birth date. */
  by_age: Array<{ band: AgeBand; patients: number }>
}

/** The band of an age in completed years. */
export function ageBandOf(age: number): AgeBand {
  let band: AgeBand = AGE_BANDS[0].band
  for (const entry of AGE_BANDS) if (age >= entry.from) band = entry.band
  return band
}

const DIGITS = /^\d{4}-\d{2}-\d{2}$/

/**
 * Completed years on `today` of a YYYY-MM-DD birth date, counted as `rules/age.ts` counts them (a
 * birthday counts from its own day) on fixed slices: this runs once per patient over 20 000 of
 * them. Null without a readable one, or one after today.
 */
function ageToday(birthDate: string, today: string, todayYear: number): number | null {
  if (birthDate.length !== 10 || birthDate > today || !DIGITS.test(birthDate)) return null
  return todayYear - Number(birthDate.slice(0, 4)) - (today.slice(5) >= birthDate.slice(5) ? 0 : 1)
}

const SEXES: ReadonlySet<string> = new Set(CHART_SEXES)

/** The patients in scope by biological sex and by age on `today` (YYYY-MM-DD). */
export function patientCharts(
  patients: ReadonlyArray<{ id: string; birth_date: string; biological_sex: string | null }>,
  scope: ReadonlySet<string>,
  today: string,
): PatientCharts {
  const bySex: Record<ChartSex, number> = { female: 0, male: 0, intersex: 0, unrecorded: 0 }
  const byAge = new Map<AgeBand, number>()
  const todayYear = Number(today.slice(0, 4))
  let total = 0
  for (const patient of patients) {
    if (!scope.has(patient.id)) continue
    total += 1
    const sex = patient.biological_sex
    // One of CHART_SEXES when the set has it.
    bySex[sex !== null && SEXES.has(sex) ? (sex as ChartSex) : 'unrecorded'] += 1
    const age = ageToday(patient.birth_date, today, todayYear)
    const band = age === null ? 'unrecorded' : ageBandOf(age)
    byAge.set(band, (byAge.get(band) ?? 0) + 1)
  }
  return {
    total,
    by_sex: bySex,
    by_age: [...AGE_BANDS.map((entry) => entry.band), 'unrecorded' as const].map((band) => ({
      band,
      patients: byAge.get(band) ?? 0,
    })),
  }
}
