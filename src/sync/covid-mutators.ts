import { v7 as uuidv7 } from 'uuid'
import * as v from 'valibot'
import { bodyMassIndex } from '../contract/rules/vital-ranges'
import {
  type CovidTestFields,
  CreateCovidTestRequest,
  CreateTriageConsultationRequest,
  DeclineFollowUpRequest,
  ReclassificationRequest,
  triageOf,
  UpdateCovidTestRequest,
} from '../contract/schemas/covid'
import { hasCovidConsultation } from '../db/covid'
import { dashboardSummaryScope } from '../db/dashboard-summary'
import type {
  LocalCovidConsultation,
  LocalCovidDecline,
  LocalCovidReclassification,
  LocalCovidTest,
  LocalDb,
} from '../db/local-db'
import { triageSummaryScope } from '../db/triage-summary'
import { type MutationContext, queueCreate, queueDelete, queueEdit, stamp, utc } from './edits'
import { syncPaths } from './paths'

/**
 * The COVID triage's offline writes (issue 20, decision 0025). Consultations, declined follow-ups
 * and reclassifications are clinical events: appended once with the device's id, never edited.
 * Tests are editable like a record section: changed fields against If-Match, soft deletes.
 */

/** What the form gives a new triage consultation: its fields, less what the rule proposes. */
export type NewTriageConsultation = Omit<
  v.InferInput<typeof CreateTriageConsultationRequest>,
  'id' | 'proposed_classification'
> & { patient_id: string }

/**
 * The message key of SPEC §8's 'Debe de tener al menos 1 consulta covid para poder reclasificar.',
 * the same the server answers on `classification` (SPEC §5).
 */
export const RECLASSIFY_WITHOUT_CONSULTATION = 'covid.reclassifyWithoutConsultation'

/** A write the device refuses itself before anything is kept, with the contract's message key. */
export class CovidRefusal extends Error {
  override name = 'CovidRefusal'
  constructor(
    readonly key: string,
    readonly field: string,
  ) {
    super(key)
  }
}

const authorOf = (ctx: MutationContext) => ({
  id: ctx.userId,
  name: ctx.userName ?? '',
  title: null,
  professional_license: null,
})

/** The patient's birth date as the device holds it: the rule counts the age from it. */
async function birthDateOf(db: LocalDb, patientId: string): Promise<string | null> {
  const patient = await db.patients.get(patientId)
  return typeof patient?.birth_date === 'string' && patient.birth_date !== '' ? patient.birth_date : null
}

/**
 * Records a triage consultation and queues its create, in one transaction. The rule's proposal is
 * computed here from the values and the patient's birth date (never taken from the caller), and
 * the professional's choice is kept beside it; a consultation of a patient whose create is still
 * queued waits for that create.
 */
export async function createTriageConsultation(
  db: LocalDb,
  ctx: MutationContext,
  fields: NewTriageConsultation,
): Promise<LocalCovidConsultation> {
  const { patient_id: patientId, ...values } = fields
  const birthDate = await birthDateOf(db, patientId)
  const consultedAt = utc(values.consulted_at)
  // Checked first as if the choice were the proposal, so the values the rule reads are parsed.
  const draft = v.parse(CreateTriageConsultationRequest, {
    ...values,
    consulted_at: consultedAt,
    id: uuidv7(),
    proposed_classification: values.classification,
  })
  const proposal = triageOf(draft, birthDate)
  const body = v.parse(CreateTriageConsultationRequest, {
    ...draft,
    proposed_classification: proposal.classification,
  })
  const row: LocalCovidConsultation = {
    ...body,
    patient_id: patientId,
    bmi: bodyMassIndex(body.weight_kg, body.height_m),
    news2_score: proposal.total,
    chosen_classification: body.classification,
    reclassification_id: null,
    author: authorOf(ctx),
    version: 0,
    deleted_at: null,
    syncState: 'pending',
  }
  await db.transaction(
    'rw',
    [...triageSummaryScope(db), ...dashboardSummaryScope(db), db.outbox],
    async () => {
      await queueCreate(db, ctx, {
        entity: 'covidConsultation',
        kind: 'covidConsultation.create',
        path: syncPaths.createTriageConsultation(patientId),
        row,
        body,
        patientId,
      })
    },
  )
  return row
}

/** A follow-up that did not take place: the patient could not be reached, or declined, and why. */
export async function declineFollowUp(
  db: LocalDb,
  ctx: MutationContext,
  patientId: string,
  fields: Omit<v.InferInput<typeof DeclineFollowUpRequest>, 'id' | 'declined_at'> & { declined_at?: string },
): Promise<LocalCovidDecline> {
  const body = v.parse(DeclineFollowUpRequest, {
    ...fields,
    declined_at: utc(fields.declined_at ?? stamp(ctx)),
    id: uuidv7(),
  })
  const row: LocalCovidDecline = {
    ...body,
    patient_id: patientId,
    author: authorOf(ctx),
    version: 0,
    deleted_at: null,
    syncState: 'pending',
  }
  await db.transaction('rw', [...triageSummaryScope(db), db.outbox], async () => {
    await queueCreate(db, ctx, {
      entity: 'covidDecline',
      kind: 'covidDecline.create',
      path: syncPaths.declineFollowUp(patientId),
      row,
      body,
      patientId,
    })
  })
  return row
}

/**
 * Queues a reclassification of the patient's triage (SPEC §4): refused here, before anything is
 * kept, with SPEC §8's text while the device holds no COVID consultation of the patient (SPEC §5).
 * The server applies it to the patient's last consultation in its own order, and the devices
 * learn the result from the feed; until then the screens show it over the last consultation
 * (`currentClassification`). It waits for the patient's consultations still queued, so the
 * server holds the one it overwrites.
 */
export async function reclassifyTriage(
  db: LocalDb,
  ctx: MutationContext,
  patientId: string,
  fields: Omit<v.InferInput<typeof ReclassificationRequest>, 'id' | 'reclassified_at'> & {
    reclassified_at?: string
  },
): Promise<LocalCovidReclassification> {
  const body = v.parse(ReclassificationRequest, {
    ...fields,
    reclassified_at: utc(fields.reclassified_at ?? stamp(ctx)),
    id: uuidv7(),
  })
  const row: LocalCovidReclassification = {
    ...body,
    patient_id: patientId,
    author: authorOf(ctx),
    version: 0,
    deleted_at: null,
    syncState: 'pending',
  }
  await db.transaction('rw', [...triageSummaryScope(db), db.outbox], async () => {
    if (!(await hasCovidConsultation(db, patientId))) {
      throw new CovidRefusal(RECLASSIFY_WITHOUT_CONSULTATION, 'classification')
    }
    const waitsFor = await queuedConsultationCreates(db, patientId)
    await queueCreate(db, ctx, {
      entity: 'covidReclassification',
      kind: 'covidReclassification.create',
      path: syncPaths.reclassifyTriage(patientId),
      row,
      body,
      patientId,
      after: waitsFor,
    })
  })
  return row
}

/** The creates of the patient's triage consultations still queued on this device. */
async function queuedConsultationCreates(db: LocalDb, patientId: string): Promise<string[]> {
  const pending = await db.covidConsultations
    .where('patient_id')
    .equals(patientId)
    .filter((row) => row.syncState !== 'synced')
    .primaryKeys()
  const ids = new Set(pending.map(String))
  if (ids.size === 0) return []
  const entries = await db.outbox
    .where('entityId')
    .anyOf([...ids])
    .toArray()
  return entries.filter((entry) => entry.kind === 'covidConsultation.create').map((entry) => entry.mutationId)
}

async function liveTest(db: LocalDb, id: string): Promise<LocalCovidTest> {
  const row = await db.covidTests.get(id)
  if (!row || row.deleted_at) throw new Error(`Unknown COVID test ${id}`)
  return row
}

/** Records a COVID test (date, type, result) and queues its create. */
export async function createCovidTest(
  db: LocalDb,
  ctx: MutationContext,
  patientId: string,
  fields: v.InferInput<typeof CovidTestFields>,
): Promise<LocalCovidTest> {
  const body = v.parse(CreateCovidTestRequest, { ...fields, id: uuidv7() })
  const row: LocalCovidTest = {
    ...body,
    patient_id: patientId,
    version: 0,
    deleted_at: null,
    syncState: 'pending',
  }
  await db.transaction('rw', db.covidTests, db.outbox, async () => {
    await queueCreate(db, ctx, {
      entity: 'covidTest',
      kind: 'covidTest.create',
      path: syncPaths.createCovidTest(patientId),
      row,
      body,
      patientId,
    })
  })
  return row
}

/**
 * Edits a test: only the fields that really changed are queued, against the version they were
 * based on (If-Match), after the test's earlier changes. Null when nothing changed.
 */
export async function updateCovidTest(
  db: LocalDb,
  ctx: MutationContext,
  id: string,
  changes: v.InferInput<typeof UpdateCovidTestRequest>,
): Promise<LocalCovidTest | null> {
  const parsed: Record<string, unknown> = v.parse(UpdateCovidTestRequest, changes)
  const mutationId = uuidv7()
  const createdAt = stamp(ctx)
  return db.transaction('rw', db.covidTests, db.outbox, db.shadows, async () => {
    const row = await liveTest(db, id)
    const next = await queueEdit(db, ctx, {
      entity: 'covidTest',
      kind: 'covidTest.update',
      path: syncPaths.updateCovidTest(row.patient_id, id),
      row,
      changes: parsed,
      mutationId,
      createdAt,
    })
    return next as LocalCovidTest | null
  })
}

/** Deletes a test: gone from the screens at once, the delete queued after its earlier changes. */
export async function deleteCovidTest(db: LocalDb, ctx: MutationContext, id: string): Promise<void> {
  const mutationId = uuidv7()
  const createdAt = stamp(ctx)
  await db.transaction('rw', db.covidTests, db.outbox, db.shadows, async () => {
    const row = await liveTest(db, id)
    await queueDelete(db, ctx, {
      entity: 'covidTest',
      kind: 'covidTest.delete',
      path: syncPaths.deleteCovidTest(row.patient_id, id),
      row,
      mutationId,
      createdAt,
    })
  })
}
