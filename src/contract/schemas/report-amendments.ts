/**
 * What the four medical reports of issue 23 (short clinical history, health status certificate,
 * disability, ST-7) answer about who wrote them and how they were amended. They are clinical
 * documents under NOM-004 like a consultation: an edit is an amendment that keeps each changed
 * field's value before and after (docs/decisions/0028-medical-reports.md).
 */

/** Who recorded or amended a report, as its screens and PDF print them. */
export interface ReportAuthor {
  id: string
  name: string
  /** The practitioner title (decision 0018), when the account has one. */
  title: string | null
  /** The cédula profesional, when the account has one. */
  professional_license: string | null
}

/** A field's value before and after an amendment. */
export interface ReportFieldChange {
  before: unknown
  after: unknown
}

/** An amendment: the version it made, when, by whom, and each changed field. */
export interface ReportAmendment<Field extends string = string> {
  id: string
  version: number
  amended_at: string
  amended_by: Pick<ReportAuthor, 'id' | 'name'> | null
  changes: Partial<Record<Field, ReportFieldChange>>
}

/** The columns every report answers besides its own fields. */
export interface ReportRecord<Field extends string = string> {
  id: string
  patient_id: string
  author: ReportAuthor | null
  amendments: ReportAmendment<Field>[]
  version: number
  created_at: string
  updated_at: string
  deleted_at: string | null
}
