import { and, eq, isNull, ne, or, sql } from 'drizzle-orm'
import { ADMINISTRATIVE_STATUSES, type PatientFields } from '../../../src/contract/schemas/patient'
import type { Tx } from '../../db/client'
import { rowsOf } from '../../db/raw-sql'
import { patients, referenceItems, users } from '../../db/schema'
import { ValidationError } from '../../platform/errors'
import type { Lang } from '../../platform/language'
import { translate } from '../../platform/messages'
import type { TenantContext } from '../../platform/request'
import { assertSubgroupItems } from '../catalogs/catalogues'
import { assertSublabels } from '../catalogs/special-labels'

/**
 * The administrative statuses the tenant's patients may take (SPEC §4): the contract's codes,
 * narrowed to the tenant's available ones when it names any, each with its name from the
 * reference list (the code itself while that list is not loaded).
 */
export async function availableStatuses(tx: Tx, tenant: TenantContext, lang: Lang) {
  const rows = await tx
    .select({ code: referenceItems.code, nameEs: referenceItems.nameEs, nameEn: referenceItems.nameEn })
    .from(referenceItems)
    .where(eq(referenceItems.list, 'administrative-statuses'))
  const names = new Map(rows.map((row) => [row.code, lang === 'en' ? row.nameEn : row.nameEs]))
  const chosen = tenant.availableAdministrativeStatuses
  return ADMINISTRATIVE_STATUSES.filter((code) => chosen.length === 0 || chosen.includes(code)).map(
    (code) => ({ code, name: names.get(code) ?? code }),
  )
}

/**
 * The rules of a patient's fields that the schema cannot see, checked before the write: the
 * administrative status is one the tenant offers, and the access e-mail names no other patient
 * and no other user (it is a login username), and the special sublabels are live ones of the
 * tenant. `patientId` is the patient written, whose own
 * account and row are no clash: a create replayed with another key passes again.
 */
export async function assertPatientRules(
  tx: Tx,
  tenant: TenantContext,
  patientId: string,
  fields: Partial<
    Pick<PatientFields, 'administrative_status' | 'email' | 'special_sublabel_ids' | 'subgroups'>
  >,
  lang: Lang,
): Promise<void> {
  const errors: Record<string, string[]> = {}
  if (fields.administrative_status !== undefined) {
    const chosen = tenant.availableAdministrativeStatuses
    if (chosen.length > 0 && !chosen.includes(fields.administrative_status)) {
      errors.administrative_status = [translate('field.picklist', lang)]
    }
  }
  if (fields.email) {
    const clash = await emailHolder(tx, fields.email, patientId)
    if (clash) errors.email = [translate('patient.emailTaken', lang)]
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
  if (fields.special_sublabel_ids) await assertSublabels(tx, fields.special_sublabel_ids, lang)
  if (fields.subgroups) await assertSubgroupItems(tx, fields.subgroups, lang)
}

/** Whether another patient, or a user who is not this patient's account, holds the e-mail. */
async function emailHolder(tx: Tx, email: string, patientId: string): Promise<boolean> {
  const [patient] = await tx
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.email, email), ne(patients.id, patientId)))
    .limit(1)
  if (patient) return true
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), or(isNull(users.patientId), ne(users.patientId, patientId))))
    .limit(1)
  return user !== undefined
}

/** Distinct subgroup items (their ids) the tenant's patients carry, for the table's filter. */
export async function subgroupsInUse(tx: Tx): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`select distinct jsonb_array_elements_text(${patients.subgroups}) as id
          from ${patients} where ${patients.deletedAt} is null order by id`,
  )
  return rows.map((row) => row.id)
}
