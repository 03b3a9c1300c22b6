import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { patientInformation } from '../../../src/contract/endpoints/operation'
import { ageOn } from '../../../src/contract/rules/age'
import {
  INFORMATION_MODULES,
  type InformationModule,
  OWN_RECORD_MODULES,
  type PatientInformation,
} from '../../../src/contract/schemas/patient-information'
import { recordEntrySummary } from '../../../src/documents/record-entry-summary'
import { DOCUMENT_TIME_ZONE } from '../../../src/documents/self-tracking-pdf'
import { zonedDayAndTime } from '../../../src/documents/zoned-time'
import type { Tx } from '../../db/client'
import { patients, recordSections, specialLabels, specialSublabels, users } from '../../db/schema'
import { assertInScope } from '../../platform/assignment-scope'
import { ForbiddenError, NotFoundError } from '../../platform/errors'
import { route } from '../../platform/route'
import { assigneesOf } from './patient-assignees'

type PatientRow = typeof patients.$inferSelect

/** The named module is one the caller may open: any of its permissions (else 403). */
function assertModule(req: FastifyRequest, module: InformationModule): void {
  const held = req.user?.permissions
  if (!INFORMATION_MODULES[module].some((permission) => held?.has(permission))) throw new ForbiddenError()
}

/** The patient an account is linked to (patient mode), if any. */
const patientOfUser = (tx: Tx, userId: string) =>
  tx.select({ id: users.patientId }).from(users).where(eq(users.id, userId))

/**
 * The live patient `{id}` names: by their id, or by their access account's (the account's link
 * is the one that grants patient mode).
 */
async function patientNamed(tx: Tx, id: string, isPatientId: boolean): Promise<PatientRow> {
  const [row] = await tx
    .select()
    .from(patients)
    .where(
      and(
        isPatientId ? eq(patients.id, id) : inArray(patients.id, patientOfUser(tx, id)),
        isNull(patients.deletedAt),
      ),
    )
    .limit(1)
  if (!row) throw new NotFoundError()
  return row
}

/** The live access account linked to the patient, if any. */
async function accountOf(tx: Tx, patientId: string): Promise<string | null> {
  const [account] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.patientId, patientId), isNull(users.deletedAt)))
    .limit(1)
  return account?.id ?? null
}

/** Each live entry of a warning section in one line, oldest first (as the record lists them). */
async function warningsOf(tx: Tx, patientId: string) {
  const rows = await tx
    .select()
    .from(recordSections)
    .where(
      and(
        eq(recordSections.patientId, patientId),
        inArray(recordSections.section, ['allergies-tolerances', 'alerts-and-special-needs']),
        isNull(recordSections.deletedAt),
      ),
    )
    .orderBy(asc(recordSections.createdAt), asc(recordSections.id))
  const lines = (section: string) =>
    rows.filter((row) => row.section === section).map((row) => recordEntrySummary(row))
  return { allergies: lines('allergies-tolerances'), alerts: lines('alerts-and-special-needs') }
}

/** The live sublabels the patient carries, in the catalogue's order, with their label. */
async function labelsOf(
  tx: Tx,
  sublabelIds: readonly string[],
): Promise<PatientInformation['special_labels']> {
  if (sublabelIds.length === 0) return []
  const rows = await tx
    .select({
      sublabel_id: specialSublabels.id,
      name: specialSublabels.name,
      special_label_id: specialLabels.id,
      special_label_name: specialLabels.name,
      color: specialLabels.color,
      icon: specialLabels.icon,
    })
    .from(specialSublabels)
    .innerJoin(specialLabels, eq(specialLabels.id, specialSublabels.specialLabelId))
    .where(
      and(
        inArray(specialSublabels.id, [...sublabelIds]),
        isNull(specialSublabels.deletedAt),
        isNull(specialLabels.deletedAt),
      ),
    )
    .orderBy(asc(specialLabels.name), asc(specialSublabels.position), asc(specialSublabels.name))
  return rows
}

/**
 * SPEC §7 `GET /patients/{id}/user-information?module&is_patient_id` (decision 0036): the head of
 * a module's screen. The caller must hold the module's permission (403); the patient must be in
 * their care, or be themselves for a patient-mode module (404 otherwise, as for one that does not
 * exist). The read is audited with the module that asked (NOM-024).
 */
export async function patientInformationRoutes(app: FastifyInstance) {
  route(app, patientInformation, async ({ params, query }, req) => {
    assertModule(req, query.module)
    return req.withTenant(async (tx) => {
      const patient = await patientNamed(tx, params.id, query.is_patient_id)
      if (OWN_RECORD_MODULES.has(query.module)) {
        const me = req.user?.id
        const [own] = me ? await patientOfUser(tx, me) : []
        if (own?.id !== patient.id) throw new NotFoundError()
      } else {
        await assertInScope(tx, req, patient.id)
      }
      const warnings = await warningsOf(tx, patient.id)
      const special_labels = await labelsOf(tx, patient.specialSublabelIds)
      const assignees = (await assigneesOf(tx, [patient.id])).get(patient.id)
      await req.audit(tx, {
        action: 'patient.information',
        entity: 'patient',
        entityId: patient.id,
        details: { module: query.module },
      })
      const today = zonedDayAndTime(new Date(), DOCUMENT_TIME_ZONE).day
      const answer: PatientInformation = {
        patient_id: patient.id,
        user_id: await accountOf(tx, patient.id),
        module: query.module,
        name: patient.name,
        last_name: patient.lastName,
        second_last_name: patient.secondLastName,
        full_name: [patient.name, patient.lastName, patient.secondLastName].filter(Boolean).join(' '),
        birth_date: patient.birthDate,
        age: patient.birthDate <= today ? ageOn(patient.birthDate, today) : null,
        biological_sex: patient.biologicalSex,
        gender: patient.gender,
        curp: patient.curp,
        payroll_number: patient.payrollNumber,
        nss: patient.nss,
        blood_type: patient.bloodType,
        administrative_status: patient.administrativeStatus,
        ...warnings,
        special_labels,
        assigned_professionals: (assignees?.assigned_user_ids ?? []).map((id, index) => ({
          id,
          name: assignees?.assigned_user_names[index] ?? '',
        })),
      }
      return answer
    })
  })
}
