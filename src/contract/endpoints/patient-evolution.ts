import { ChartDataQuery, NotesEvolutionParams } from '../schemas/patient-evolution'
import { endpoint } from './define'

/**
 * A patient's evolution (SPEC §7 "Patients": `chart-data{query}`, `notes-evolution/{id}`; issue 24),
 * under `/api/operation`. Read by whoever may open the evolution screen (SPEC §2
 * `patient-evolution-index`) or the whole digital record (`digital-record-index`), within their
 * patients (assignments).
 */
export const EVOLUTION_READERS = ['patient-evolution-index', 'digital-record-index'] as const

/** The measures over a period and the consultations on the time axis (`src/documents/patient-evolution.ts`). */
export const chartData = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/chart-data',
  access: EVOLUTION_READERS,
  query: ChartDataQuery,
})

/** Every evolution note of the patient, newest first. */
export const notesEvolution = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/patients/notes-evolution/:id',
  access: EVOLUTION_READERS,
  params: NotesEvolutionParams,
})
