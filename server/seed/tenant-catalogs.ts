import { v7 as uuidv7 } from 'uuid'
import type { Tx } from '../db/client'
import { medicinePresentations, medicines, specialLabels, specialSublabels } from '../db/schema'
import { bumpTenantCatalogVersion } from '../modules/catalogs/tenant-versions'

/** The demo tenant's special labels: a few a clinic of a factory would keep. */
const LABELS = [
  {
    name: 'Embarazo',
    color: 'purple',
    icon: 'pregnancy',
    sublabels: ['Primer trimestre', 'Segundo trimestre', 'Tercer trimestre'],
  },
  {
    name: 'Enfermedad crónica',
    color: 'orange',
    icon: 'heart',
    sublabels: ['Diabetes', 'Hipertensión', 'Asma'],
  },
  { name: 'Discapacidad', color: 'blue', icon: 'accessibility', sublabels: ['Motriz', 'Visual', 'Auditiva'] },
  { name: 'Trabajo en alturas', color: 'red', icon: 'alert', sublabels: ['Autorizado', 'En evaluación'] },
] as const

const tablet = (dose: string, frequency: string) => ({
  name: 'Tableta',
  dose,
  quantity: '1 tableta',
  frequency,
  duration: '7 días',
  via: 'oral',
})

/** The demo tenant's medicines, with the presentations a consultation picks from. */
const MEDICINES = [
  {
    name: 'Paracetamol',
    presentations: [tablet('500 mg', 'cada 8 horas'), tablet('750 mg', 'cada 8 horas')],
  },
  {
    name: 'Ibuprofeno',
    presentations: [tablet('400 mg', 'cada 8 horas'), tablet('600 mg', 'cada 12 horas')],
  },
  {
    name: 'Metformina',
    presentations: [{ ...tablet('850 mg', 'cada 12 horas'), duration: 'uso continuo' }],
  },
  {
    name: 'Losartán',
    presentations: [{ ...tablet('50 mg', 'cada 24 horas'), duration: 'uso continuo' }],
  },
  {
    name: 'Salbutamol',
    presentations: [
      {
        name: 'Inhalador',
        dose: '100 mcg',
        quantity: '2 disparos',
        frequency: 'cada 6 horas',
        duration: 'según necesidad',
        via: 'inhalada',
      },
    ],
  },
] as const

/**
 * Seeds the demo tenant's own catalogues (decision 0015) and answers the sublabel ids, for the
 * demo patients to carry some.
 */
export async function seedTenantCatalogs(tx: Tx, tenantId: string): Promise<string[]> {
  const sublabelIds: string[] = []
  for (const label of LABELS) {
    const labelId = uuidv7()
    await tx
      .insert(specialLabels)
      .values({ tenantId, id: labelId, name: label.name, color: label.color, icon: label.icon })
    const rows = label.sublabels.map((name, position) => ({
      tenantId,
      id: uuidv7(),
      specialLabelId: labelId,
      name,
      position,
    }))
    await tx.insert(specialSublabels).values(rows)
    sublabelIds.push(...rows.map((row) => row.id))
  }
  for (const medicine of MEDICINES) {
    const medicineId = uuidv7()
    await tx.insert(medicines).values({ tenantId, id: medicineId, name: medicine.name })
    await tx.insert(medicinePresentations).values(
      medicine.presentations.map((presentation, position) => ({
        ...presentation,
        tenantId,
        id: uuidv7(),
        medicineId,
        position,
      })),
    )
  }
  await bumpTenantCatalogVersion(tx, tenantId, 'special-labels')
  await bumpTenantCatalogVersion(tx, tenantId, 'medicines')
  return sublabelIds
}

/** Which sublabel, if any, the demo's n-th patient carries: one patient in five has one. */
export const demoSublabelOf = (sublabelIds: readonly string[], index: number): string[] =>
  index % 5 === 2 && sublabelIds.length > 0
    ? [sublabelIds[Math.floor(index / 5) % sublabelIds.length] as string] // the index is within the list
    : []
