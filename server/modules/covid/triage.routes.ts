import { and, asc, desc, eq, isNotNull } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  covidStatusHistory,
  createTriageConsultation,
  currentCovidStatus,
  declineFollowUp,
  evolutionNotes,
  lastReclassification,
  patientTriageRecord,
  reclassifyTriage,
  showTriageConsultation,
  triageGraph,
  triageGraphOfPatient,
} from '../../../src/contract/endpoints/covid'
import { foldText, matchesWords, searchWords } from '../../../src/contract/rules/search-text'
import {
  type CovidStatusEntry,
  type DeclinedFollowUp,
  type EvolutionNote,
  type Reclassification,
  type TriageConsultation,
  type TriageGraphPoint,
  type TriageStatus,
  triageOf,
} from '../../../src/contract/schemas/covid'
import type { Tx } from '../../db/client'
import { triageConsultations, triageDeclines, triageReclassifications } from '../../db/schema'
import { recordChange } from '../../platform/change-log'
import { ConflictError, NotFoundError, UnprocessableError, ValidationError } from '../../platform/errors'
import { idempotent } from '../../platform/idempotency'
import { translate } from '../../platform/messages'
import { route } from '../../platform/route'
import { sendVersion } from '../../platform/versions'
import {
  assertKnownCodes,
  consultationColumns,
  isoOf,
  ownPatientId,
  patientInReach,
  presentConsultation,
  presentDecline,
  presentReclassification,
  sameConsultation,
  withAuthors,
} from './triage'

/** A patient's consultations, in the server's order: the last one first (decision 0025). */
const newestFirst = [desc(triageConsultations.consultedAt), desc(triageConsultations.id)] as const

async function consultationsOf(tx: Tx, patientId: string) {
  return tx
    .select()
    .from(triageConsultations)
    .where(eq(triageConsultations.patientId, patientId))
    .orderBy(...newestFirst)
}

async function oneConsultation(tx: Tx, row: typeof triageConsultations.$inferSelect) {
  const [presented] = await withAuthors(tx, [row], presentConsultation)
  return presented as TriageConsultation
}

/**
 * COVID triage and follow-up (SPEC §7 "COVID", issue 20; docs/decisions/0025-covid-triage.md).
 * Consultations, declined follow-ups and reclassifications are created once with the device's id
 * (a resend answers the first result) and never edited; a reclassification overwrites the
 * classification of the patient's last consultation in the server's order. Every read and change
 * is audited against the patient, and every change reaches the devices through the change feed.
 */
export async function triageRoutes(app: FastifyInstance) {
  const tenantOf = (req: FastifyRequest) => req.tenant?.id as string

  route(app, createTriageConsultation, async ({ params, body }, req, reply) => {
    const consultation = await idempotent(req, async (tx, claim) => {
      // It reads before it writes (the birth date, the lists): the key is claimed first.
      await claim.take(tx)
      const patient = await patientInReach(tx, req, params.patientId, 'write')
      await assertKnownCodes(tx, body, req.lang)
      // The device proposed with the same rule; a different proposal is another rule's.
      const triage = triageOf(body, patient.birthDate)
      if (triage.classification !== body.proposed_classification) {
        throw new ValidationError({
          proposed_classification: [translate('covid.proposedClassification', req.lang)],
        })
      }
      const userId = req.user?.id ?? null
      const [row] = await tx
        .insert(triageConsultations)
        .values({
          tenantId: tenantOf(req),
          id: body.id,
          patientId: params.patientId,
          ...consultationColumns(body),
          news2Score: triage.total,
          createdBy: userId,
          updatedBy: userId,
        } as typeof triageConsultations.$inferInsert)
        .onConflictDoNothing()
        .returning()
      if (!row) {
        // The id is taken: by the same create sent again under another key, or by another record.
        const [existing] = await tx
          .select()
          .from(triageConsultations)
          .where(eq(triageConsultations.id, body.id))
        if (existing && sameConsultation(existing, params.patientId, body))
          return oneConsultation(tx, existing)
        throw new ConflictError()
      }
      await recordChange(tx, {
        tenantId: tenantOf(req),
        entity: 'covid-consultation',
        entityId: row.id,
        op: 'upsert',
        version: row.version,
        patientId: row.patientId,
      })
      await req.audit(tx, {
        action: 'covid-consultation.create',
        entity: 'patient',
        entityId: row.patientId,
        details: { consultation: row.id },
      })
      return oneConsultation(tx, row)
    })
    sendVersion(reply, consultation.version)
    return consultation
  })

  route(app, declineFollowUp, async ({ params, body }, req) =>
    idempotent(req, async (tx, claim): Promise<DeclinedFollowUp> => {
      await claim.take(tx)
      await patientInReach(tx, req, params.patientId, 'write')
      const userId = req.user?.id ?? null
      const [row] = await tx
        .insert(triageDeclines)
        .values({
          tenantId: tenantOf(req),
          id: body.id,
          patientId: params.patientId,
          declinedAt: body.declined_at,
          kind: body.kind,
          reason: body.reason,
          createdBy: userId,
          updatedBy: userId,
        })
        .onConflictDoNothing()
        .returning()
      if (!row) {
        const [existing] = await tx.select().from(triageDeclines).where(eq(triageDeclines.id, body.id))
        const same =
          existing &&
          existing.patientId === params.patientId &&
          existing.kind === body.kind &&
          existing.reason === body.reason &&
          isoOf(existing.declinedAt) === isoOf(body.declined_at)
        if (existing && same)
          return (await withAuthors(tx, [existing], presentDecline))[0] as DeclinedFollowUp
        throw new ConflictError()
      }
      await recordChange(tx, {
        tenantId: tenantOf(req),
        entity: 'covid-decline',
        entityId: row.id,
        op: 'upsert',
        version: row.version,
        patientId: row.patientId,
      })
      await req.audit(tx, {
        action: 'covid-decline.create',
        entity: 'patient',
        entityId: row.patientId,
        details: { decline: row.id, kind: row.kind },
      })
      return (await withAuthors(tx, [row], presentDecline))[0] as DeclinedFollowUp
    }),
  )

  route(app, reclassifyTriage, async ({ params, body }, req) =>
    idempotent(req, async (tx, claim): Promise<Reclassification> => {
      await claim.take(tx)
      await patientInReach(tx, req, params.id, 'write')
      const [existing] = await tx
        .select()
        .from(triageReclassifications)
        .where(eq(triageReclassifications.id, body.id))
      if (existing) {
        // The same reclassification sent again under another key answers what it did then.
        const same =
          existing.patientId === params.id &&
          existing.classification === body.classification &&
          existing.reason === body.reason &&
          isoOf(existing.reclassifiedAt) === isoOf(body.reclassified_at)
        if (!same) throw new ConflictError()
        return (await withAuthors(tx, [existing], presentReclassification))[0] as Reclassification
      }
      // SPEC §4: the patient's last consultation, locked so that two reclassifications of the
      // same patient apply one after the other (the server's order decides which stays).
      const [last] = await tx
        .select()
        .from(triageConsultations)
        .where(eq(triageConsultations.patientId, params.id))
        .orderBy(...newestFirst)
        .limit(1)
        .for('update')
      // SPEC §5, §8: nothing to reclassify.
      if (!last) throw new UnprocessableError('covid.reclassifyWithoutConsultation')
      const userId = req.user?.id ?? null
      const now = new Date().toISOString()
      const [row] = await tx
        .insert(triageReclassifications)
        .values({
          tenantId: tenantOf(req),
          id: body.id,
          patientId: params.id,
          consultationId: last.id,
          reclassifiedAt: body.reclassified_at,
          previousClassification: last.classification,
          classification: body.classification,
          reason: body.reason,
          createdBy: userId,
          updatedBy: userId,
        })
        .returning()
      if (!row) throw new ConflictError()
      const [overwritten] = await tx
        .update(triageConsultations)
        .set({
          classification: body.classification,
          reclassificationId: row.id,
          version: last.version + 1,
          updatedAt: now,
          updatedBy: userId,
        })
        .where(and(eq(triageConsultations.id, last.id), eq(triageConsultations.version, last.version)))
        .returning()
      if (!overwritten) throw new ConflictError()
      for (const [entity, record] of [
        ['covid-reclassification', row],
        ['covid-consultation', overwritten],
      ] as const) {
        await recordChange(tx, {
          tenantId: tenantOf(req),
          entity,
          entityId: record.id,
          op: 'upsert',
          version: record.version,
          patientId: params.id,
        })
      }
      await req.audit(tx, {
        action: 'covid-reclassification.create',
        entity: 'patient',
        entityId: params.id,
        details: {
          reclassification: row.id,
          consultation: last.id,
          from: last.classification,
          to: body.classification,
        },
      })
      return (await withAuthors(tx, [row], presentReclassification))[0] as Reclassification
    }),
  )

  route(app, showTriageConsultation, async ({ params }, req, reply) => {
    const consultation = await req.withTenant(async (tx) => {
      const [row] = await tx.select().from(triageConsultations).where(eq(triageConsultations.id, params.id))
      if (!row) throw new NotFoundError()
      await patientInReach(tx, req, row.patientId)
      await req.audit(tx, {
        action: 'covid-consultation.read',
        entity: 'patient',
        entityId: row.patientId,
        details: { consultation: row.id },
      })
      return oneConsultation(tx, row)
    })
    sendVersion(reply, consultation.version)
    return consultation
  })

  route(app, patientTriageRecord, async ({ query }, req) =>
    req.withTenant(async (tx) => {
      await patientInReach(tx, req, query.patient_id)
      const consultations = await withAuthors(
        tx,
        await consultationsOf(tx, query.patient_id),
        presentConsultation,
      )
      const reclassifications = await withAuthors(
        tx,
        await tx
          .select()
          .from(triageReclassifications)
          .where(eq(triageReclassifications.patientId, query.patient_id))
          .orderBy(desc(triageReclassifications.createdAt), desc(triageReclassifications.id)),
        presentReclassification,
      )
      const declines = await withAuthors(
        tx,
        await tx
          .select()
          .from(triageDeclines)
          .where(eq(triageDeclines.patientId, query.patient_id))
          .orderBy(desc(triageDeclines.declinedAt)),
        presentDecline,
      )
      await req.audit(tx, { action: 'covid-record.list', entity: 'patient', entityId: query.patient_id })
      return { consultations, reclassifications, declines }
    }),
  )

  /** The graph's points of one patient, oldest first. */
  const graphOf = async (tx: Tx, req: FastifyRequest, patientId: string): Promise<TriageGraphPoint[]> => {
    const rows = await tx
      .select()
      .from(triageConsultations)
      .where(eq(triageConsultations.patientId, patientId))
      .orderBy(asc(triageConsultations.consultedAt), asc(triageConsultations.id))
    await req.audit(tx, { action: 'covid-graph.read', entity: 'patient', entityId: patientId })
    return rows.map((row) => ({
      consultation_id: row.id,
      at: isoOf(row.consultedAt),
      temperature_c: row.temperatureC ?? null,
      oximetry: row.oximetry ?? null,
      respiratory_rate: row.respiratoryRate ?? null,
    }))
  }

  route(app, triageGraph, async ({ params }, req) =>
    req.withTenant(async (tx) => {
      await patientInReach(tx, req, params.id)
      return graphOf(tx, req, params.id)
    }),
  )

  route(app, triageGraphOfPatient, async (_input, req) =>
    req.withTenant(async (tx) => {
      const patientId = await ownPatientId(tx, req)
      if (!patientId) throw new NotFoundError()
      await patientInReach(tx, req, patientId)
      return graphOf(tx, req, patientId)
    }),
  )

  route(app, lastReclassification, async ({ params }, req) =>
    req.withTenant(async (tx): Promise<Reclassification | null> => {
      await patientInReach(tx, req, params.id)
      const [row] = await tx
        .select()
        .from(triageReclassifications)
        .where(eq(triageReclassifications.patientId, params.id))
        .orderBy(desc(triageReclassifications.createdAt), desc(triageReclassifications.id))
        .limit(1)
      await req.audit(tx, { action: 'covid-reclassification.last', entity: 'patient', entityId: params.id })
      return row ? ((await withAuthors(tx, [row], presentReclassification))[0] ?? null) : null
    }),
  )

  /** The patient's statuses, newest first (each consultation's, with the classification now). */
  const statusesOf = async (tx: Tx, patientId: string, limit?: number): Promise<CovidStatusEntry[]> => {
    const query = tx
      .select()
      .from(triageConsultations)
      .where(eq(triageConsultations.patientId, patientId))
      .orderBy(...newestFirst)
    const rows = limit ? await query.limit(limit) : await query
    return withAuthors(tx, rows, (row, author) => ({
      consultation_id: row.id,
      status: row.status as TriageStatus,
      classification: row.classification as CovidStatusEntry['classification'],
      at: isoOf(row.consultedAt),
      author,
    }))
  }

  route(app, covidStatusHistory, async ({ params }, req) =>
    req.withTenant(async (tx) => {
      await patientInReach(tx, req, params.id)
      await req.audit(tx, { action: 'covid-status.list', entity: 'patient', entityId: params.id })
      return statusesOf(tx, params.id)
    }),
  )

  route(app, currentCovidStatus, async ({ params }, req) =>
    req.withTenant(async (tx): Promise<CovidStatusEntry | null> => {
      await patientInReach(tx, req, params.id)
      await req.audit(tx, { action: 'covid-status.read', entity: 'patient', entityId: params.id })
      return (await statusesOf(tx, params.id, 1))[0] ?? null
    }),
  )

  route(app, evolutionNotes, async ({ params, query }, req) =>
    req.withTenant(async (tx): Promise<EvolutionNote[]> => {
      await patientInReach(tx, req, params.id)
      const rows = await tx
        .select()
        .from(triageConsultations)
        .where(and(eq(triageConsultations.patientId, params.id), isNotNull(triageConsultations.notes)))
        .orderBy(...newestFirst)
      // A patient has tens of notes, not thousands: they are searched here, accent-insensitively.
      const words = searchWords(query.search ?? '')
      const found = rows.filter((row) => matchesWords(foldText(row.notes ?? ''), words))
      await req.audit(tx, {
        action: 'covid-notes.list',
        entity: 'patient',
        entityId: params.id,
        details: query.search ? { search: query.search } : undefined,
      })
      return withAuthors(tx, found, (row, author) => ({
        consultation_id: row.id,
        at: isoOf(row.consultedAt),
        status: row.status as TriageStatus,
        notes: row.notes ?? '',
        author,
      }))
    }),
  )
}
