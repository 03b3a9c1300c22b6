import type { VaccineDetails } from '../contract/schemas/catalogue-definitions'
import type {
  AdverseReaction,
  SchemeStatus,
  VaccinationRecord,
} from '../contract/schemas/vaccination-records'
import type { DocumentFrame } from './consultation-page'
import {
  type DuePatientFields,
  dueCatalogueOf,
  patientVaccinationDue,
  type VaccinationCatalogueEntry,
} from './vaccination-due-inputs'
import { zonedDayAndTime } from './zoned-time'

/** A dose as the card prints it. */
export interface CardDose {
  dose_number: number
  /** YYYY-MM-DD. */
  applied_on: string
  folio: string | null
  lot: string | null
  booster: boolean
  /** The country's name when the dose was given abroad; null when given here. */
  abroad_country: string | null
  /** Given sooner than the vaccine's minimum interval after the previous dose (confirmed then). */
  early: boolean
  adverse_reactions: AdverseReaction[]
}

/** A vaccine of the card: what the scheme asks of it for this patient and the doses given. */
export interface CardVaccine {
  name: string
  disease: string | null
  /** Whether the scheme applies it to the patient today (a dose of another may still be recorded). */
  applies: boolean
  series_doses: number
  series_given: number
  next: { dose_number: number; booster: boolean; due_date: string } | null
  overdue: boolean
  doses: CardDose[]
}

/**
 * The patient's vaccination card as its PDF reads it (issue 21): its own type, as the other
 * documents have, so the device and the server each map their rows onto it and the builder prints
 * only what is here. `today` is the generation's day in the document's zone.
 */
export interface VaccinationCardInput
  extends Pick<DocumentFrame, 'language' | 'timeZone' | 'generatedAt' | 'tenant'> {
  patient: DocumentFrame['patient'] & { payroll_number: string | null }
  today: string
  status: SchemeStatus
  overdue_count: number
  vaccines: CardVaccine[]
}

/** What a card needs beyond the data, each side reading it from its own store. */
export interface VaccinationCardContext
  extends Pick<VaccinationCardInput, 'language' | 'timeZone' | 'generatedAt' | 'tenant' | 'patient'> {
  /** `nationalities` code → country name, for doses given abroad. */
  countries: ReadonlyMap<string, string>
}

/** A record's fields the card prints. */
export type CardRecord = Pick<
  VaccinationRecord,
  | 'vaccine_id'
  | 'dose_number'
  | 'applied_on'
  | 'folio'
  | 'lot'
  | 'booster'
  | 'vaccinated_abroad'
  | 'country_code'
  | 'adverse_reactions'
> & { deleted_at?: string | null }

const byDate = (a: CardRecord, b: CardRecord) =>
  a.applied_on < b.applied_on ? -1 : a.applied_on > b.applied_on ? 1 : a.dose_number - b.dose_number

/**
 * The card of a patient from the catalogues (`vaccination-records`, `vaccination-scheme`; inactive
 * entries too, for the names of old doses), the patient's fields and records, worked out by the
 * due-date rule on the generation's day. The device and the server both call this, so the same
 * data gives the same card. The scheme's vaccines come first, in the catalogue's order, then any
 * other vaccine the patient was given.
 */
export function vaccinationCardOf(
  catalogue: { vaccines: readonly VaccinationCatalogueEntry[]; scheme: readonly VaccinationCatalogueEntry[] },
  patient: DuePatientFields,
  records: readonly CardRecord[],
  context: VaccinationCardContext,
): VaccinationCardInput {
  const today = zonedDayAndTime(context.generatedAt, context.timeZone).day
  const live = records.filter((record) => !record.deleted_at)
  const due = patientVaccinationDue(
    dueCatalogueOf(catalogue.vaccines, catalogue.scheme),
    patient,
    live,
    today,
  )
  const dueOf = new Map(due.vaccines.map((entry) => [entry.vaccineId, entry]))
  const given = new Set(live.map((record) => record.vaccine_id))
  const entryOf = new Map(catalogue.vaccines.map((entry) => [entry.id, entry]))
  const ordered = [
    ...catalogue.vaccines.filter((entry) => dueOf.has(entry.id)).map((entry) => entry.id),
    ...catalogue.vaccines.filter((entry) => !dueOf.has(entry.id) && given.has(entry.id)).map((e) => e.id),
    // A dose of a vaccine the catalogue no longer holds is still the patient's.
    ...[...given].filter((id) => !entryOf.has(id)),
  ]
  const vaccines = ordered.map((id): CardVaccine => {
    const entry = entryOf.get(id)
    const vaccineDue = dueOf.get(id)
    const early = new Set(vaccineDue?.early ?? [])
    const details = entry?.details as VaccineDetails | null | undefined // validated when stored
    const doses = live
      .filter((record) => record.vaccine_id === id)
      .sort(byDate)
      .map((record) => ({
        dose_number: record.dose_number,
        applied_on: record.applied_on,
        folio: record.folio ?? null,
        lot: record.lot ?? null,
        booster: record.booster === true,
        abroad_country: record.vaccinated_abroad
          ? (context.countries.get(record.country_code ?? '') ?? record.country_code ?? '')
          : null,
        early: early.has(record.applied_on),
        adverse_reactions: record.adverse_reactions ?? [],
      }))
    return {
      name: entry?.name ?? '—',
      disease: details?.disease ?? null,
      applies: vaccineDue !== undefined,
      series_doses: vaccineDue?.seriesDoses ?? details?.doses ?? 0,
      series_given: vaccineDue?.seriesGiven ?? doses.filter((dose) => !dose.booster).length,
      next: vaccineDue?.next
        ? {
            dose_number: vaccineDue.next.doseNumber,
            booster: vaccineDue.next.booster,
            due_date: vaccineDue.next.dueDate,
          }
        : null,
      overdue: vaccineDue?.overdue ?? false,
      doses,
    }
  })
  return {
    language: context.language,
    timeZone: context.timeZone,
    generatedAt: context.generatedAt,
    tenant: context.tenant,
    patient: context.patient,
    today,
    status: due.status,
    overdue_count: due.overdueCount,
    vaccines,
  }
}
