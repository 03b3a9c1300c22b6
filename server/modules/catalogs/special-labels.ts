import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { SpecialLabel, SpecialLabelRequest } from '../../../src/contract/schemas/special-labels'
import type { Tx } from '../../db/client'
import { specialLabels, specialSublabels } from '../../db/schema'
import { NotFoundError, ValidationError } from '../../platform/errors'
import type { Lang } from '../../platform/language'
import { translate } from '../../platform/messages'
import { bumpTenantCatalogVersion } from './tenant-versions'

type LabelRow = typeof specialLabels.$inferSelect
type SublabelRow = typeof specialSublabels.$inferSelect

const live = isNull(specialLabels.deletedAt)

function present(label: LabelRow, sublabels: SublabelRow[]): SpecialLabel {
  return {
    id: label.id,
    name: label.name,
    color: label.color,
    icon: label.icon,
    sublabels: sublabels.map((sublabel) => ({ id: sublabel.id, name: sublabel.name })),
    updated_at: label.updatedAt,
  }
}

async function liveSublabels(tx: Tx, labelIds: string[]): Promise<SublabelRow[]> {
  if (labelIds.length === 0) return []
  return tx
    .select()
    .from(specialSublabels)
    .where(and(inArray(specialSublabels.specialLabelId, labelIds), isNull(specialSublabels.deletedAt)))
    .orderBy(asc(specialSublabels.position), asc(specialSublabels.name))
}

/** The tenant's live labels by name, each with its live sublabels in order. */
export async function listLabels(tx: Tx): Promise<SpecialLabel[]> {
  const labels = await tx.select().from(specialLabels).where(live).orderBy(asc(specialLabels.name))
  const sublabels = await liveSublabels(
    tx,
    labels.map((label) => label.id),
  )
  return labels.map((label) =>
    present(
      label,
      sublabels.filter((sublabel) => sublabel.specialLabelId === label.id),
    ),
  )
}

/** A live label of the tenant, or 404 (another tenant's id is unknown here). */
export async function findLabel(tx: Tx, id: string, lock = false): Promise<LabelRow> {
  const query = tx
    .select()
    .from(specialLabels)
    .where(and(eq(specialLabels.id, id), live))
  const [label] = lock ? await query.for('update') : await query
  if (!label) throw new NotFoundError()
  return label
}

export async function showLabel(tx: Tx, id: string): Promise<SpecialLabel> {
  const label = await findLabel(tx, id)
  return present(label, await liveSublabels(tx, [id]))
}

/**
 * Writes the label's sublabels as sent: a sent id must be one of this label's (422 otherwise),
 * new ones get an id, and those left out are removed softly (patients keep pointing at them).
 */
async function writeSublabels(
  tx: Tx,
  label: LabelRow,
  sent: SpecialLabelRequest['sublabels'],
  userId: string | null,
  lang: Lang,
) {
  const current = await liveSublabels(tx, [label.id])
  const known = new Set(current.map((sublabel) => sublabel.id))
  const errors: Record<string, string[]> = {}
  sent.forEach((sublabel, index) => {
    if (sublabel.id && !known.has(sublabel.id)) {
      errors[`sublabels.${index}.id`] = [translate('specialLabel.unknownSublabel', lang)]
    }
  })
  if (Object.keys(errors).length > 0) throw new ValidationError(errors)
  const now = new Date().toISOString()
  const kept = new Set(sent.flatMap((sublabel) => (sublabel.id ? [sublabel.id] : [])))
  for (const gone of current.filter((sublabel) => !kept.has(sublabel.id))) {
    await tx
      .update(specialSublabels)
      .set({ deletedAt: now, updatedAt: now, updatedBy: userId })
      .where(eq(specialSublabels.id, gone.id))
  }
  for (const [position, sublabel] of sent.entries()) {
    if (sublabel.id) {
      await tx
        .update(specialSublabels)
        .set({ name: sublabel.name, position, updatedAt: now, updatedBy: userId })
        .where(eq(specialSublabels.id, sublabel.id))
    } else {
      await tx.insert(specialSublabels).values({
        tenantId: label.tenantId,
        id: uuidv7(),
        specialLabelId: label.id,
        name: sublabel.name,
        position,
        createdBy: userId,
        updatedBy: userId,
      })
    }
  }
}

export async function createLabel(
  tx: Tx,
  tenantId: string,
  body: SpecialLabelRequest,
  userId: string | null,
  lang: Lang,
): Promise<SpecialLabel> {
  const [label] = await tx
    .insert(specialLabels)
    .values({
      tenantId,
      id: uuidv7(),
      name: body.name,
      color: body.color,
      icon: body.icon,
      createdBy: userId,
      updatedBy: userId,
    })
    .returning()
  if (!label) throw new Error('special label insert returned nothing')
  await writeSublabels(tx, label, body.sublabels, userId, lang)
  await bumpTenantCatalogVersion(tx, tenantId, 'special-labels')
  return showLabel(tx, label.id)
}

export async function updateLabel(
  tx: Tx,
  id: string,
  body: SpecialLabelRequest,
  userId: string | null,
  lang: Lang,
): Promise<SpecialLabel> {
  const label = await findLabel(tx, id, true)
  await tx
    .update(specialLabels)
    .set({
      name: body.name,
      color: body.color,
      icon: body.icon,
      updatedAt: new Date().toISOString(),
      updatedBy: userId,
    })
    .where(eq(specialLabels.id, id))
  await writeSublabels(tx, label, body.sublabels, userId, lang)
  await bumpTenantCatalogVersion(tx, label.tenantId, 'special-labels')
  return showLabel(tx, id)
}

/** Removes a label and its sublabels softly: patients keep the ids, which no list shows any more. */
export async function destroyLabel(tx: Tx, id: string, userId: string | null): Promise<void> {
  const label = await findLabel(tx, id, true)
  const now = new Date().toISOString()
  await tx
    .update(specialSublabels)
    .set({ deletedAt: now, updatedAt: now, updatedBy: userId })
    .where(and(eq(specialSublabels.specialLabelId, id), isNull(specialSublabels.deletedAt)))
  await tx
    .update(specialLabels)
    .set({ deletedAt: now, updatedAt: now, updatedBy: userId })
    .where(eq(specialLabels.id, id))
  await bumpTenantCatalogVersion(tx, label.tenantId, 'special-labels')
}

/** The live sublabels of some labels (all of them when none is named), with their label's name. */
export async function sublabelOptions(tx: Tx, labelIds: string[]) {
  return tx
    .select({
      id: specialSublabels.id,
      name: specialSublabels.name,
      special_label_id: specialLabels.id,
      special_label_name: specialLabels.name,
    })
    .from(specialSublabels)
    .innerJoin(specialLabels, eq(specialLabels.id, specialSublabels.specialLabelId))
    .where(
      and(
        isNull(specialSublabels.deletedAt),
        live,
        labelIds.length > 0 ? inArray(specialLabels.id, labelIds) : undefined,
      ),
    )
    .orderBy(asc(specialLabels.name), asc(specialSublabels.position), asc(specialSublabels.name))
}

/**
 * 422 unless every id is a live sublabel of the tenant: a patient carries only labels the
 * tenant offers (another tenant's ids are invisible under RLS, so they fail too).
 */
export async function assertSublabels(tx: Tx, ids: readonly string[], lang: Lang): Promise<void> {
  if (ids.length === 0) return
  const found = await tx
    .select({ id: specialSublabels.id })
    .from(specialSublabels)
    .where(and(inArray(specialSublabels.id, [...ids]), isNull(specialSublabels.deletedAt)))
  if (found.length !== new Set(ids).size) {
    throw new ValidationError({ special_sublabel_ids: [translate('specialLabel.unknownSublabel', lang)] })
  }
}
