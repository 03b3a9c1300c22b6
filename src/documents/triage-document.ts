import type { TriageConsultation } from '../contract/schemas/covid'
import type { DocumentFrame } from './consultation-page'
import type { TriageDocumentInput } from './triage-input'
import { triageTexts } from './triage-texts'

/** The lists whose names a triage note prints, each as code → name in the document's language. */
export type TriageListNames = Partial<
  Record<
    | 'covid-statuses'
    | 'cases-general'
    | 'initial-symptoms'
    | 'other-sintoms'
    | 'supplemental-oxygens'
    | 'consciousness-states'
    | 'chronic-degenerative-diseases'
    | 'immunocompromises',
    ReadonlyMap<string, string>
  >
>

/**
 * What a triage note needs beyond the stored consultation, each side reading it from its own
 * store (the device its cache, the server its tables) in the document's language.
 */
export interface TriageContext extends Pick<DocumentFrame, 'language' | 'timeZone' | 'tenant' | 'patient'> {
  lists: TriageListNames
}

/** The stored consultation as the note needs it: the API's answer, with its server dates. */
export type StoredTriage = Pick<
  TriageConsultation,
  | 'id'
  | 'consulted_at'
  | 'status'
  | 'covid_case'
  | 'symptoms'
  | 'other_symptoms'
  | 'first_symptom_date'
  | 'temperature_c'
  | 'oximetry'
  | 'systolic'
  | 'diastolic'
  | 'heart_rate'
  | 'respiratory_rate'
  | 'weight_kg'
  | 'height_m'
  | 'supplemental_oxygen'
  | 'consciousness'
  | 'chronic_degenerative_diseases'
  | 'immunocompromises'
  | 'pregnancy'
  | 'news2_score'
  | 'proposed_classification'
  | 'chosen_classification'
  | 'classification'
  | 'override_reason'
  | 'quarantine_start_date'
  | 'quarantine_end_date'
  | 'notes'
  | 'author'
  | 'updated_at'
>

/**
 * A stored triage consultation as its note reads it. The device and the server both call this,
 * so the same consultation gives the same bytes on both. The document's date is the record's
 * last change (a reclassification moves it), not the clock: asked for twice, it is the same file.
 */
export function triageDocumentOf(triage: StoredTriage, context: TriageContext): TriageDocumentInput {
  const { lists } = context
  const name = (list: keyof TriageListNames, code: string | null | undefined) =>
    code ? (lists[list]?.get(code) ?? code) : null
  const names = (list: keyof TriageListNames, codes: readonly string[] | undefined) =>
    (codes ?? []).map((code) => lists[list]?.get(code) ?? code)
  return {
    language: context.language,
    timeZone: context.timeZone,
    generatedAt: new Date(triage.updated_at),
    tenant: context.tenant,
    prescriber: {
      name: triage.author?.name ?? '',
      title: triage.author?.title ?? '',
      professional_license: triage.author?.professional_license ?? '',
    },
    patient: context.patient,
    consultation: {
      id: triage.id,
      occurred_at: triage.consulted_at,
      status: name('covid-statuses', triage.status) ?? triage.status,
      covid_case: name('cases-general', triage.covid_case),
      symptoms: [
        ...names('initial-symptoms', triage.symptoms),
        ...names('other-sintoms', triage.other_symptoms),
      ],
      first_symptom_date: triage.first_symptom_date ?? null,
      vital_signs: {
        weight_kg: triage.weight_kg,
        height_m: triage.height_m,
        temperature_c: triage.temperature_c,
        oximetry: triage.oximetry,
        systolic: triage.systolic,
        diastolic: triage.diastolic,
        heart_rate: triage.heart_rate,
        respiratory_rate: triage.respiratory_rate,
      },
      supplemental_oxygen: name('supplemental-oxygens', triage.supplemental_oxygen),
      consciousness: name('consciousness-states', triage.consciousness),
      risk_factors: [
        ...names('chronic-degenerative-diseases', triage.chronic_degenerative_diseases),
        ...names('immunocompromises', triage.immunocompromises),
        ...(triage.pregnancy === true ? [triageTexts[context.language].pregnancy] : []),
      ],
      news2_score: triage.news2_score,
      proposed_classification: triage.proposed_classification,
      chosen_classification: triage.chosen_classification,
      override_reason: triage.override_reason ?? null,
      reclassified_to: triage.classification !== triage.chosen_classification ? triage.classification : null,
      quarantine_start_date: triage.quarantine_start_date ?? null,
      quarantine_end_date: triage.quarantine_end_date ?? null,
      notes: triage.notes ?? null,
    },
  }
}
