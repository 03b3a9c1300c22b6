import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import {
  doseKey,
  type Medicine,
  type MedicineRequest,
  type Presentation,
} from '../../../src/contract/schemas/medicines'
import type { Tx } from '../../db/client'
import { medicinePresentations, medicines } from '../../db/schema'
import { NotFoundError, ValidationError } from '../../platform/errors'
import type { Lang } from '../../platform/language'
import { translate } from '../../platform/messages'
import { guardUniqueIndexes, type UniqueIndexMessages } from '../../platform/unique-violation'
import { bumpTenantCatalogVersion } from './tenant-versions'

type MedicineRow = typeof medicines.$inferSelect
type PresentationRow = typeof medicinePresentations.$inferSelect

const liveMedicine = isNull(medicines.deletedAt)
const livePresentation = isNull(medicinePresentations.deletedAt)

export const presentPresentation = (row: PresentationRow): Presentation => ({
  id: row.id,
  medicine_id: row.medicineId,
  name: row.name,
  dose: row.dose,
  quantity: row.quantity,
  frequency: row.frequency,
  duration: row.duration,
  via: row.via,
})

const present = (medicine: MedicineRow, presentations: PresentationRow[]): Medicine => ({
  id: medicine.id,
  name: medicine.name,
  presentations: presentations.map(presentPresentation),
  updated_at: medicine.updatedAt,
})

export async function presentationsOf(tx: Tx, medicineIds: string[]): Promise<PresentationRow[]> {
  if (medicineIds.length === 0) return []
  return tx
    .select()
    .from(medicinePresentations)
    .where(and(inArray(medicinePresentations.medicineId, medicineIds), livePresentation))
    .orderBy(asc(medicinePresentations.position), asc(medicinePresentations.name))
}

/** The tenant's live medicines by name (with their presentations when asked). */
export async function listMedicines(tx: Tx): Promise<Medicine[]> {
  const rows = await tx.select().from(medicines).where(liveMedicine).orderBy(asc(medicines.name))
  const presentations = await presentationsOf(
    tx,
    rows.map((row) => row.id),
  )
  return rows.map((row) =>
    present(
      row,
      presentations.filter((presentation) => presentation.medicineId === row.id),
    ),
  )
}

export async function listMedicineOptions(tx: Tx) {
  return tx
    .select({ id: medicines.id, name: medicines.name })
    .from(medicines)
    .where(liveMedicine)
    .orderBy(asc(medicines.name))
}

/** A live medicine of the tenant, or 404 (another tenant's id is unknown here). */
export async function findMedicine(tx: Tx, id: string, lock = false): Promise<MedicineRow> {
  const query = tx
    .select()
    .from(medicines)
    .where(and(eq(medicines.id, id), liveMedicine))
  const [row] = lock ? await query.for('update') : await query
  if (!row) throw new NotFoundError()
  return row
}

export async function showMedicine(tx: Tx, id: string): Promise<Medicine> {
  return present(await findMedicine(tx, id), await presentationsOf(tx, [id]))
}

/** SPEC §8: one live medicine per name in a tenant, whatever the case. */
async function assertNameFree(tx: Tx, name: string, exceptId: string | null, lang: Lang) {
  const [clash] = await tx
    .select({ id: medicines.id })
    .from(medicines)
    .where(
      and(
        sql`lower(${medicines.name}) = lower(${name})`,
        liveMedicine,
        exceptId ? ne(medicines.id, exceptId) : undefined,
      ),
    )
    .limit(1)
  if (clash) throw new ValidationError({ name: [translate('medicine.duplicate', lang)] })
}

/**
 * Writes the presentations sent: a sent id must be one of this medicine's, new ones get an id.
 * Those left out stay (each has its own delete). A form and dose the medicine has already, in
 * this request or among the ones kept, is SPEC §8's duplicate dose.
 */
async function writePresentations(
  tx: Tx,
  medicine: MedicineRow,
  sent: MedicineRequest['presentations'],
  userId: string | null,
  lang: Lang,
) {
  const current = await presentationsOf(tx, [medicine.id])
  const known = new Set(current.map((row) => row.id))
  const sentIds = new Set(sent.flatMap((presentation) => (presentation.id ? [presentation.id] : [])))
  const kept = new Set(current.filter((row) => !sentIds.has(row.id)).map(doseKey))
  const errors: Record<string, string[]> = {}
  sent.forEach((presentation, index) => {
    if (presentation.id && !known.has(presentation.id)) {
      errors[`presentations.${index}.id`] = [translate('error.notFound', lang)]
    } else if (kept.has(doseKey(presentation))) {
      errors[`presentations.${index}.dose`] = [translate('medicine.duplicateDose', lang)]
    }
  })
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
  const now = new Date().toISOString()
  for (const [index, presentation] of sent.entries()) {
    const { id, ...fields } = presentation
    const position = current.length + index
    if (id) {
      await tx
        .update(medicinePresentations)
        .set({ ...fields, updatedAt: now, updatedBy: userId })
        .where(eq(medicinePresentations.id, id))
    } else {
      await tx.insert(medicinePresentations).values({
        ...fields,
        tenantId: medicine.tenantId,
        id: uuidv7(),
        medicineId: medicine.id,
        position,
        createdBy: userId,
        updatedBy: userId,
      })
    }
  }
}

/**
 * The unique indexes behind SPEC §8's two messages. The handler's checks give them with their
 * field; the index is what still stands when the checks cannot see the clash: an edit that swaps
 * the doses of two presentations meets it on the first row it writes (PostgreSQL checks a unique
 * index row by row). Either way the answer is the 422, and the transaction changes nothing.
 */
const UNIQUE_MESSAGES: UniqueIndexMessages = new Map([
  ['medicines_name_unique', ['name', 'medicine.duplicate']],
  ['medicine_presentations_dose_unique', ['presentations', 'medicine.duplicateDose']],
])

export async function createMedicine(
  tx: Tx,
  tenantId: string,
  body: MedicineRequest,
  userId: string | null,
  lang: Lang,
): Promise<Medicine> {
  // First: the version row's lock makes the tenant's medicine writes wait for one another, so
  // the checks below see every write committed before (see `UNIQUE_MESSAGES`).
  await bumpTenantCatalogVersion(tx, tenantId, 'medicines')
  await assertNameFree(tx, body.name, null, lang)
  return guardUniqueIndexes(UNIQUE_MESSAGES, lang, async () => {
    const [medicine] = await tx
      .insert(medicines)
      .values({ tenantId, id: uuidv7(), name: body.name, createdBy: userId, updatedBy: userId })
      .returning()
    if (!medicine) throw new Error('medicine insert returned nothing')
    await writePresentations(tx, medicine, body.presentations, userId, lang)
    return showMedicine(tx, medicine.id)
  })
}

export async function updateMedicine(
  tx: Tx,
  id: string,
  body: MedicineRequest,
  userId: string | null,
  lang: Lang,
): Promise<Medicine> {
  const medicine = await findMedicine(tx, id, true)
  await bumpTenantCatalogVersion(tx, medicine.tenantId, 'medicines')
  await assertNameFree(tx, body.name, id, lang)
  return guardUniqueIndexes(UNIQUE_MESSAGES, lang, async () => {
    await tx
      .update(medicines)
      .set({ name: body.name, updatedAt: new Date().toISOString(), updatedBy: userId })
      .where(eq(medicines.id, id))
    await writePresentations(tx, medicine, body.presentations, userId, lang)
    return showMedicine(tx, id)
  })
}

/** Removes a medicine and its presentations softly: active medications keep its id and name. */
export async function destroyMedicine(tx: Tx, id: string, userId: string | null): Promise<void> {
  const medicine = await findMedicine(tx, id, true)
  const now = new Date().toISOString()
  await tx
    .update(medicinePresentations)
    .set({ deletedAt: now, updatedAt: now, updatedBy: userId })
    .where(and(eq(medicinePresentations.medicineId, id), livePresentation))
  await tx
    .update(medicines)
    .set({ deletedAt: now, updatedAt: now, updatedBy: userId })
    .where(eq(medicines.id, id))
  await bumpTenantCatalogVersion(tx, medicine.tenantId, 'medicines')
}

export async function destroyPresentation(tx: Tx, id: string, userId: string | null): Promise<void> {
  const [row] = await tx
    .select()
    .from(medicinePresentations)
    .where(and(eq(medicinePresentations.id, id), livePresentation))
    .for('update')
  if (!row) throw new NotFoundError()
  const now = new Date().toISOString()
  await tx
    .update(medicinePresentations)
    .set({ deletedAt: now, updatedAt: now, updatedBy: userId })
    .where(eq(medicinePresentations.id, id))
  await bumpTenantCatalogVersion(tx, row.tenantId, 'medicines')
}

/** The doses the medicine offers in the form (name) of one of its presentations. */
export async function dosesOf(tx: Tx, medicineId: string, presentationId: string): Promise<Presentation[]> {
  await findMedicine(tx, medicineId)
  const [chosen] = await tx
    .select()
    .from(medicinePresentations)
    .where(
      and(
        eq(medicinePresentations.id, presentationId),
        eq(medicinePresentations.medicineId, medicineId),
        livePresentation,
      ),
    )
  if (!chosen) throw new NotFoundError()
  const rows = await presentationsOf(tx, [medicineId])
  return rows.filter((row) => row.name.toLowerCase() === chosen.name.toLowerCase()).map(presentPresentation)
}

/** Whether the id is a live medicine of the tenant (another tenant's are invisible under RLS). */
export async function isLiveMedicine(tx: Tx, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: medicines.id })
    .from(medicines)
    .where(and(eq(medicines.id, id), liveMedicine))
  return row !== undefined
}
