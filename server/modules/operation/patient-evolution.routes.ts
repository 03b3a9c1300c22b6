import { and, eq, isNull, type SQL, sql } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import { chartData, notesEvolution } from '../../../src/contract/endpoints/patient-evolution'
import type {
  EvolutionChartData,
  PatientEvolutionNote,
} from '../../../src/contract/schemas/patient-evolution'
import {
  type EvolutionReading,
  type EvolutionRecords,
  evolutionChartData,
  evolutionNotes,
} from '../../../src/documents/patient-evolution'
import { DOCUMENT_TIME_ZONE } from '../../../src/documents/self-tracking-pdf'
import type { Tx } from '../../db/client'
import { encounters, triageConsultations } from '../../db/schema'
import { assertLivePatientInScope } from '../../platform/assignment-scope'
import { route } from '../../platform/route'
import { presentConsultation, withAuthors } from '../covid/triage'
import { authorsOf, presentEncounter } from './encounters'
import { presentReading, READING_TABLES } from './readings'

/** The reading kinds the evolution plots (nutrition and habits have no measure on its charts). */
const MEASURED_KINDS = ['blood-pressure', 'glucose', 'somatometry'] as const

/**
 * A coarse bound on an instant column for the days asked: a day either side, so that no time zone
 * loses a record at the edges; the shared function then keeps exactly the period's days.
 */
const near = (column: PgColumn, days?: { from: string; to: string }): SQL | undefined =>
  days ? sql`${column} >= ${days.from}::date - 1 and ${column} < ${days.to}::date + 2` : undefined

/**
 * The patient's consultations, triages and readings as the API and the change feed answer them —
 * the rows the device holds — within the days when given (all of them otherwise).
 */
async function evolutionRecords(
  tx: Tx,
  patientId: string,
  days?: { from: string; to: string },
): Promise<EvolutionRecords> {
  const consultationRows = await tx
    .select()
    .from(encounters)
    .where(
      and(
        eq(encounters.patientId, patientId),
        isNull(encounters.deletedAt),
        near(encounters.startedAt, days),
      ),
    )
  const authors = await authorsOf(
    tx,
    consultationRows.map((row) => row.createdBy),
  )
  const triageRows = await tx
    .select()
    .from(triageConsultations)
    .where(
      and(
        eq(triageConsultations.patientId, patientId),
        isNull(triageConsultations.deletedAt),
        near(triageConsultations.consultedAt, days),
      ),
    )
  const readings: EvolutionReading[] = []
  for (const kind of MEASURED_KINDS) {
    const table = READING_TABLES[kind]
    const rows = await tx
      .select()
      .from(table)
      .where(and(eq(table.patientId, patientId), isNull(table.deletedAt), near(table.takenAt, days)))
    // A reading as the API answers it, with the kind its table stands for (the device keeps it so).
    for (const row of rows) readings.push({ ...(presentReading(row) as unknown as EvolutionReading), kind })
  }
  return {
    consultations: consultationRows.map((row) =>
      presentEncounter(row, (row.createdBy && authors.get(row.createdBy)) || null),
    ),
    triages: await withAuthors(tx, triageRows, presentConsultation),
    readings,
  }
}

/**
 * `GET /patients/chart-data` and `GET /patients/notes-evolution/{id}` (SPEC §7; issue 24,
 * decision 0034): the patient's measures over a period and evolution notes, made by the functions
 * the device runs over its cache (`src/documents/patient-evolution.ts`) from the same rows, so the
 * screen offline and the server's answer agree. For a patient in the caller's care (404
 * otherwise, as for another tenant's); every read audited against the patient.
 */
export async function patientEvolutionRoutes(app: FastifyInstance) {
  route(app, chartData, async ({ query }, req) =>
    req.withTenant(async (tx): Promise<EvolutionChartData> => {
      await assertLivePatientInScope(tx, req, query.patient_id)
      const timeZone = query.time_zone ?? DOCUMENT_TIME_ZONE
      const records = await evolutionRecords(tx, query.patient_id, query)
      await req.audit(tx, {
        action: 'patient-evolution.chart',
        entity: 'patient',
        entityId: query.patient_id,
        details: { from: query.from, to: query.to, time_zone: timeZone },
      })
      return evolutionChartData(records, { from: query.from, to: query.to, timeZone })
    }),
  )

  route(app, notesEvolution, async ({ params }, req) =>
    req.withTenant(async (tx): Promise<PatientEvolutionNote[]> => {
      await assertLivePatientInScope(tx, req, params.id)
      const records = await evolutionRecords(tx, params.id)
      await req.audit(tx, { action: 'patient-evolution.notes', entity: 'patient', entityId: params.id })
      return evolutionNotes(records)
    }),
  )
}
