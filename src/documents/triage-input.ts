import type { TriageClassification } from '../contract/rules/triage-classification'
import type { VitalSigns } from './consultation-input'
import type { DocumentFrame } from './consultation-page'

/**
 * A COVID triage consultation as its note reads it (issue 20): its own type, as the consultation
 * note has, so the device and the server each map their rows onto it (the lists' names already
 * in the document's language) and the builder prints only what is here (decision 0010).
 */
export type TriageDocumentInput = DocumentFrame & { consultation: TriageRecord }

export interface TriageRecord {
  /** The consultation's id (UUIDv7); it only tells two documents apart. */
  id: string
  /** When the triage took place (ISO or PostgreSQL's text form). */
  occurred_at: string
  /** The SPEC §4 status's name. */
  status: string
  /** The case's name (`cases-general`), if one was set. */
  covid_case: string | null
  symptoms: readonly string[]
  /** YYYY-MM-DD. */
  first_symptom_date: string | null
  vital_signs: VitalSigns
  /** How the patient breathed, and their consciousness (ACVPU), by name. */
  supplemental_oxygen: string | null
  consciousness: string | null
  /** Risk factors by name: chronic-degenerative diseases, immunocompromises, pregnancy. */
  risk_factors: readonly string[]
  /** The NEWS2 aggregate score the proposal came from. */
  news2_score: number
  proposed_classification: TriageClassification
  /** What the professional chose when recording it. */
  chosen_classification: TriageClassification
  override_reason: string | null
  /** The classification now, when a reclassification changed it since. */
  reclassified_to: TriageClassification | null
  /** YYYY-MM-DD. */
  quarantine_start_date: string | null
  quarantine_end_date: string | null
  notes: string | null
}
