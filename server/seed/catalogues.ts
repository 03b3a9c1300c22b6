import { v7 as uuidv7 } from 'uuid'
import { type CatalogueName, nameKey } from '../../src/contract/schemas/catalogue-definitions'
import type { Tx } from '../db/client'
import { catalogueEntries } from '../db/schema'
import { itemsCatalogueOf } from '../modules/catalogs/catalogues'
import { bumpTenantCatalogVersion } from '../modules/catalogs/tenant-versions'

/** A value to seed: a name, or a name with a code, a parent (by its code) or items. */
interface SeedValue {
  name: string
  code?: string
  parentCode?: string
  items?: readonly string[]
}

const names = (...list: string[]): SeedValue[] => list.map((name) => ({ name }))

/**
 * The demo tenant's catalogues: what a Mexican occupational-health service starts with (IMSS's
 * disability types, the exams a periodic exam orders). The affected systems are not here: every
 * tenant starts with them (provisionTenant), and the diagnoses below are filed under them by code.
 * The tenant edits them all on the catalogue screens.
 */
const DEFAULTS: Partial<Record<CatalogueName, SeedValue[]>> = {
  consultReason: names(
    'Enfermedad general',
    'Accidente de trabajo',
    'Seguimiento de enfermedad crónica',
    'Examen médico periódico',
    'Examen médico de ingreso',
    'Curación',
    'Toma de signos vitales',
    'Orientación y consejería',
  ),
  diagnostics: [
    { code: 'J00', name: 'Rinofaringitis aguda (resfriado común)', parentCode: 'respiratory' },
    { code: 'A09', name: 'Diarrea y gastroenteritis de presunto origen infeccioso', parentCode: 'digestive' },
    { code: 'I10', name: 'Hipertensión esencial (primaria)', parentCode: 'cardiovascular' },
    { code: 'E119', name: 'Diabetes mellitus tipo 2 sin complicaciones', parentCode: 'endocrine' },
    { code: 'M545', name: 'Lumbago no especificado', parentCode: 'musculoskeletal' },
    { code: 'H833', name: 'Efectos del ruido sobre el oído interno', parentCode: 'senses' },
    { code: 'L259', name: 'Dermatitis de contacto, causa no especificada', parentCode: 'skin' },
    { code: 'G439', name: 'Migraña, no especificada', parentCode: 'nervous' },
  ],
  incapacityType: names('Enfermedad general', 'Riesgo de trabajo', 'Maternidad'),
  incapacityStatus: names('Inicial', 'Subsecuente', 'Recaída', 'Alta'),
  clinicalExam: names(
    'Audiometría',
    'Espirometría',
    'Biometría hemática',
    'Examen general de orina',
    'Radiografía de tórax',
    'Agudeza visual',
    'Química sanguínea',
    'Electrocardiograma',
  ),
  subgroups: [
    { name: 'Turno', items: ['Matutino', 'Vespertino', 'Nocturno', 'Mixto'] },
    { name: 'Área', items: ['Producción', 'Almacén', 'Mantenimiento', 'Oficinas', 'Servicio médico'] },
    { name: 'Tipo de contrato', items: ['Planta', 'Eventual', 'Contratista'] },
  ],
  'medical-conditions': names(
    'Diabetes',
    'Hipertensión',
    'Asma',
    'Obesidad',
    'Dislipidemia',
    'Hipotiroidismo',
  ),
  clasifications: [
    { name: 'Riesgo físico', code: 'fisico' },
    { name: 'Riesgo químico', code: 'quimico' },
    { name: 'Riesgo ergonómico', code: 'ergonomico' },
  ],
  subclasifications: [
    { name: 'Ruido', parentCode: 'fisico' },
    { name: 'Vibraciones', parentCode: 'fisico' },
    { name: 'Solventes', parentCode: 'quimico' },
    { name: 'Polvos', parentCode: 'quimico' },
    { name: 'Levantamiento de cargas', parentCode: 'ergonomico' },
    { name: 'Movimientos repetitivos', parentCode: 'ergonomico' },
  ],
  collaboratorType: names('Sindicalizado', 'Confianza', 'Eventual', 'Contratista', 'Practicante'),
  'practitioner-titles': names('Dr.', 'Dra.', 'Lic. Enf.', 'Enf.', 'Psic.', 'Nut.'),
}

/**
 * Seeds the demo tenant's simple catalogues (issue 18) and answers the subgroups' item ids by
 * item name, for the demo patients to carry. A parent is found by its seeded code, which the
 * parent catalogue's value keeps only where the definition has a code (systems, whose ids by code
 * `systemIds` gives); classifications have none, so their code here only links the seed.
 */
export async function seedCatalogues(
  tx: Tx,
  tenantId: string,
  systemIds: ReadonlyMap<string, string>,
): Promise<Map<string, string>> {
  const idsByCode = new Map<string, string>(systemIds)
  const itemIds = new Map<string, string>()
  for (const [catalogue, values] of Object.entries(DEFAULTS) as [CatalogueName, SeedValue[]][]) {
    const keepsCode = catalogue === 'diagnostics'
    for (const [position, value] of values.entries()) {
      const id = uuidv7()
      if (value.code) idsByCode.set(value.code, id)
      await tx.insert(catalogueEntries).values({
        tenantId,
        id,
        catalogue,
        name: value.name,
        nameKey: nameKey(value.name),
        code: keepsCode ? (value.code ?? null) : null,
        parentId: value.parentCode ? (idsByCode.get(value.parentCode) ?? null) : null,
        position,
      })
      for (const [itemPosition, item] of (value.items ?? []).entries()) {
        const itemId = uuidv7()
        itemIds.set(item, itemId)
        await tx.insert(catalogueEntries).values({
          tenantId,
          id: itemId,
          catalogue: itemsCatalogueOf({ name: catalogue }),
          name: item,
          nameKey: nameKey(item),
          parentId: id,
          position: itemPosition,
        })
      }
    }
    await bumpTenantCatalogVersion(tx, tenantId, catalogue)
  }
  return itemIds
}
