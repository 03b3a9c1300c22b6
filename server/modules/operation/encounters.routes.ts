import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { v7 as uuidv7 } from 'uuid'
import {
  createEncounter,
  encounterModalities,
  patientEncounters,
  showEncounter,
  updateEncounter,
} from '../../../src/contract/endpoints/encounters'
import { callDurationProblem } from '../../../src/contract/rules/call-duration'
import {
  ENCOUNTER_MODALITIES,
  type Encounter,
  type EncounterModalityOption,
  type EncounterWithAmendments,
} from '../../../src/contract/schemas/encounters'
import type { Tx } from '../../db/client'
import { encounterAmendments, encounters, patients } from '../../db/schema'
import { assertInScope, assertLivePatientInScope } from '../../platform/assignment-scope'
import { auditEntryOf } from '../../platform/audit'
import { recordChange } from '../../platform/change-log'
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnprocessableError,
  ValidationError,
} from '../../platform/errors'
import { idempotent } from '../../platform/idempotency'
import { translate } from '../../platform/messages'
import { CLAIMED, mutate, selectedValues } from '../../platform/mutation'
import { route } from '../../platform/route'
import { assertVersion, ifMatchVersion, sendVersion } from '../../platform/versions'
import { rewriteDiagnosisRows } from './diagnosis-rows'
import {
  amendmentsOf,
  assertCatalogueValues,
  authorsOf,
  columnsOf,
  type EncounterRow,
  fieldChanges,
  findEncounter,
  presentEncounter,
  sameCreate,
} from './encounters'

const ENTITY = 'encounter'
/** SPEC §6 "prescription": writing a consultation's prescription is a grant of its own. */
const PRESCRIBE = 'consultation.prescription'

/** A row as answered, with its prescriber's name, title and cédula. */
/**
 * A consultation as the create and the edit answer it: with its amendments, as the feed and the
 * show call give it, so the device that made an edit holds its history as soon as it is sent.
 */
async function present(tx: Tx, row: EncounterRow): Promise<EncounterWithAmendments> {
  const authors = await authorsOf(tx, [row.createdBy])
  return {
    ...presentEncounter(row, (row.createdBy && authors.get(row.createdBy)) || null),
    amendments: (await amendmentsOf(tx, [row.id])).get(row.id) ?? [],
  }
}

/**
 * Medical consultations (SPEC §7 "Encounters", issue 19; decision 0022). A consultation is
 * created once with the device's id (a replay or a resend answers the first result); an edit is
 * an amendment against If-Match that keeps, in the same transaction, who changed which field from
 * what to what (NOM-004); nothing deletes one. Every read and change is audited against the
 * patient and every change reaches the devices through the change feed.
 */
export async function encounterRoutes(app: FastifyInstance) {
  const tenantOf = (req: FastifyRequest) => req.tenant?.id as string

  route(
    app,
    encounterModalities,
    async (_input, req): Promise<EncounterModalityOption[]> =>
      ENCOUNTER_MODALITIES.map((code) => ({ code, name: translate(`encounter.modality.${code}`, req.lang) })),
  )

  route(app, createEncounter, async ({ body }, req, reply) => {
    const userId = req.user?.id ?? null
    const values = {
      tenantId: tenantOf(req),
      id: body.id,
      patientId: body.patient_id,
      ...columnsOf(body),
      createdBy: userId,
      updatedBy: userId,
    }
    const encounter = await idempotent(req, async (tx, claim) => {
      await assertCatalogueValues(tx, body, null, req.lang)
      const row = await mutate(tx, claim, {
        table: encounters,
        // `on conflict do nothing`: the device's id may be here already, then compare below.
        write: sql`insert into ${encounters} ${selectedValues(encounters, values)}
                    where ${CLAIMED} and exists (select from ${patients}
                      where ${patients.id} = ${body.patient_id} and ${patients.deletedAt} is null)
                   on conflict do nothing
                   returning *`,
        change: { entity: ENTITY, op: 'upsert', patientId: body.patient_id },
        audit: auditEntryOf(req, {
          action: `${ENTITY}.create`,
          entity: 'patient',
          entityId: body.patient_id,
          details: { encounter: body.id },
        }),
      })
      if (row) {
        // Checked after the write, which rolls back with the 404 (the write is one statement).
        await assertInScope(tx, req, row.patientId)
        await rewriteDiagnosisRows(tx, [row.id])
        return present(tx, row)
      }
      // Nothing written: the patient is unknown (404), or the id is taken — by the same create
      // sent again under another key (its first result), or by another consultation (refused).
      await assertLivePatientInScope(tx, req, body.patient_id)
      const existing = await findEncounter(tx, body.id)
      if (existing && sameCreate(existing, body)) return present(tx, existing)
      throw new ConflictError()
    })
    sendVersion(reply, encounter.version)
    return encounter
  })

  route(app, updateEncounter, async ({ params, body }, req, reply) => {
    const changes = body as Record<string, unknown>
    const base = ifMatchVersion(req)
    const encounter = await idempotent(req, async (tx, claim) => {
      // It reads before it writes: the key is claimed first, in a statement of its own.
      await claim.take(tx)
      const row = await findEncounter(tx, params.id)
      if (!row) throw new NotFoundError()
      await assertInScope(tx, req, row.patientId)
      if (row.deletedAt) throw new UnprocessableError('record.deleted')
      const current = await present(tx, row)
      assertVersion(base, current, (record) => record)
      if ('prescription' in changes && !req.user?.permissions.has(PRESCRIBE)) throw new ForbiddenError()
      const merged = { ...current, ...changes } as Encounter
      const problem = callDurationProblem(merged.modality, merged.call_duration)
      if (problem) throw new ValidationError({ call_duration: [translate(problem, req.lang)] })
      await assertCatalogueValues(tx, changes, current, req.lang)
      const changed = fieldChanges(current, changes)
      // Nothing really differs: no new version, no amendment (the device sends only changes).
      if (Object.keys(changed).length === 0) return current
      const userId = req.user?.id ?? null
      const [updated] = await tx
        .update(encounters)
        .set({
          ...columnsOf(changes),
          version: row.version + 1,
          updatedAt: new Date().toISOString(),
          updatedBy: userId,
        })
        .where(and(eq(encounters.id, row.id), eq(encounters.version, row.version)))
        .returning()
      // The row changed between the read and the write: a request still running; try again.
      if (!updated) throw new ConflictError()
      // The dashboard's rows follow a changed list or instant (decision 0039).
      await rewriteDiagnosisRows(tx, [updated.id])
      // NOM-004: the note as it was stays readable, field by field, with who changed it and when.
      await tx.insert(encounterAmendments).values({
        tenantId: tenantOf(req),
        id: uuidv7(),
        encounterId: updated.id,
        version: updated.version,
        changes: changed,
        amendedBy: userId,
      })
      await recordChange(tx, {
        tenantId: tenantOf(req),
        entity: ENTITY,
        entityId: updated.id,
        op: 'upsert',
        version: updated.version,
        patientId: updated.patientId,
      })
      await req.audit(tx, {
        action: `${ENTITY}.update`,
        entity: 'patient',
        entityId: updated.patientId,
        details: { encounter: updated.id, fields: Object.keys(changed) },
      })
      return present(tx, updated)
    })
    sendVersion(reply, encounter.version)
    return encounter
  })

  route(
    app,
    patientEncounters,
    async ({ query }, req): Promise<Encounter[]> =>
      req.withTenant(async (tx) => {
        await assertLivePatientInScope(tx, req, query.patient_id)
        const rows = await tx
          .select()
          .from(encounters)
          .where(and(eq(encounters.patientId, query.patient_id), isNull(encounters.deletedAt)))
          .orderBy(desc(encounters.startedAt), desc(encounters.id))
        const authors = await authorsOf(
          tx,
          rows.map((row) => row.createdBy),
        )
        await req.audit(tx, { action: `${ENTITY}.list`, entity: 'patient', entityId: query.patient_id })
        return rows.map((row) => presentEncounter(row, (row.createdBy && authors.get(row.createdBy)) || null))
      }),
  )

  route(app, showEncounter, async ({ params }, req, reply): Promise<EncounterWithAmendments> => {
    const encounter = await req.withTenant((tx) => encounterWithAmendments(tx, req, params.id, 'read'))
    sendVersion(reply, encounter.version)
    return encounter
  })
}

/**
 * One consultation with its amendments, oldest first, for a caller in the patient's scope (404
 * otherwise, as for an unknown id), audited as `encounter.<action>`: the show call and the
 * documents read it alike.
 */
export async function encounterWithAmendments(
  tx: Tx,
  req: FastifyRequest,
  id: string,
  action: string,
): Promise<EncounterWithAmendments> {
  const row = await findEncounter(tx, id)
  if (!row || row.deletedAt) throw new NotFoundError()
  await assertInScope(tx, req, row.patientId)
  const authors = await authorsOf(tx, [row.createdBy])
  const amendments = (await amendmentsOf(tx, [row.id])).get(row.id) ?? []
  await req.audit(tx, {
    action: `${ENTITY}.${action}`,
    entity: 'patient',
    entityId: row.patientId,
    details: { encounter: row.id },
  })
  return {
    ...presentEncounter(row, (row.createdBy && authors.get(row.createdBy)) || null),
    amendments,
  }
}
