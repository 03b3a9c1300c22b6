import { and, eq, isNull } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import {
  nameKey,
  type VaccinationSchemeDetails,
  type VaccineDetails,
} from '../../src/contract/schemas/catalogue-definitions'
import type { Tx } from '../db/client'
import { catalogueEntries } from '../db/schema'
import { itemsCatalogueOf } from '../modules/catalogs/catalogues'
import { bumpTenantCatalogVersion } from '../modules/catalogs/tenant-versions'

interface SeedVaccine {
  name: string
  details: VaccineDetails
}

/**
 * The vaccines of the Mexican adult scheme (Secretaría de Salud) an occupational-health service
 * applies. The interval is the minimum between two doses of the series; a booster interval makes
 * the vaccine due again after the series (Td every 10 years, influenza and SARS-CoV-2 yearly).
 */
const VACCINES: SeedVaccine[] = [
  {
    name: 'Td',
    details: {
      disease: 'Tétanos y difteria',
      doses: 3,
      interval_days: 28,
      booster_interval_days: 3650,
      route: 'intramuscular',
    },
  },
  {
    name: 'Hepatitis B',
    details: {
      disease: 'Hepatitis B',
      doses: 3,
      interval_days: 28,
      booster_interval_days: null,
      route: 'intramuscular',
    },
  },
  {
    name: 'Influenza estacional',
    details: {
      disease: 'Influenza',
      doses: 1,
      interval_days: 0,
      booster_interval_days: 365,
      route: 'intramuscular',
    },
  },
  {
    name: 'SARS-CoV-2',
    details: {
      disease: 'COVID-19',
      doses: 1,
      interval_days: 0,
      booster_interval_days: 365,
      route: 'intramuscular',
    },
  },
  {
    name: 'Neumococo polisacárida 23 serotipos',
    details: {
      disease: 'Neumonía y enfermedad invasiva por neumococo',
      doses: 1,
      interval_days: 0,
      booster_interval_days: null,
      route: 'intramuscular',
    },
  },
  {
    name: 'SR',
    details: {
      disease: 'Sarampión y rubéola',
      doses: 1,
      interval_days: 0,
      booster_interval_days: null,
      route: 'subcutaneous',
    },
  },
]

const anyone: VaccinationSchemeDetails = {
  doses: null,
  age_from: null,
  age_to: null,
  sex: null,
  subgroups: [],
  risks: [],
}

/** A scheme entry: its vaccine by name, and a subgroup item by name where it applies by one. */
interface SeedSchemeEntry {
  name: string
  vaccine: string
  details: Partial<VaccinationSchemeDetails>
  subgroupItem?: string
}

const SCHEME: SeedSchemeEntry[] = [
  { name: 'Td — adultos', vaccine: 'Td', details: { age_from: 20 } },
  { name: 'Td — personal de mantenimiento', vaccine: 'Td', details: {}, subgroupItem: 'Mantenimiento' },
  {
    name: 'Hepatitis B — personal de salud',
    vaccine: 'Hepatitis B',
    details: {},
    subgroupItem: 'Servicio médico',
  },
  {
    name: 'Hepatitis B — riesgo biológico',
    vaccine: 'Hepatitis B',
    details: { risks: ['biological'] },
  },
  {
    name: 'Influenza — 60 años y más',
    vaccine: 'Influenza estacional',
    details: { age_from: 60 },
  },
  {
    name: 'Influenza — personal de salud',
    vaccine: 'Influenza estacional',
    details: {},
    subgroupItem: 'Servicio médico',
  },
  { name: 'SARS-CoV-2 — 60 años y más', vaccine: 'SARS-CoV-2', details: { age_from: 60 } },
  {
    name: 'SARS-CoV-2 — personal de salud',
    vaccine: 'SARS-CoV-2',
    details: {},
    subgroupItem: 'Servicio médico',
  },
  {
    name: 'Neumococo — 65 años y más',
    vaccine: 'Neumococo polisacárida 23 serotipos',
    details: { age_from: 65 },
  },
  { name: 'SR — 20 a 39 años', vaccine: 'SR', details: { age_from: 20, age_to: 39 } },
]

/**
 * Seeds the demo tenant's vaccines and its vaccination scheme (issue 21) once: a tenant that
 * already has vaccines keeps them as they are (the seed runs on every start of the demo). A
 * scheme entry that applies by a subgroup item the tenant does not have is left out.
 */
export async function seedVaccines(tx: Tx, tenantId: string): Promise<void> {
  const [existing] = await tx
    .select({ id: catalogueEntries.id })
    .from(catalogueEntries)
    .where(
      and(eq(catalogueEntries.catalogue, 'vaccination-records'), eq(catalogueEntries.tenantId, tenantId)),
    )
    .limit(1)
  if (existing) return
  const items = await tx
    .select({ id: catalogueEntries.id, name: catalogueEntries.name })
    .from(catalogueEntries)
    .where(
      and(
        eq(catalogueEntries.tenantId, tenantId),
        eq(catalogueEntries.catalogue, itemsCatalogueOf({ name: 'subgroups' })),
        isNull(catalogueEntries.deletedAt),
      ),
    )
  const itemIds = new Map(items.map((item) => [item.name, item.id]))
  const vaccineIds = new Map<string, string>()
  for (const [position, vaccine] of VACCINES.entries()) {
    const id = uuidv7()
    vaccineIds.set(vaccine.name, id)
    await tx.insert(catalogueEntries).values({
      tenantId,
      id,
      catalogue: 'vaccination-records',
      name: vaccine.name,
      nameKey: nameKey(vaccine.name),
      details: { ...vaccine.details },
      position,
    })
  }
  let position = 0
  for (const entry of SCHEME) {
    const itemId = entry.subgroupItem ? itemIds.get(entry.subgroupItem) : undefined
    if (entry.subgroupItem && !itemId) continue
    const details: VaccinationSchemeDetails = {
      ...anyone,
      ...entry.details,
      subgroups: itemId ? [itemId] : [],
    }
    await tx.insert(catalogueEntries).values({
      tenantId,
      id: uuidv7(),
      catalogue: 'vaccination-scheme',
      name: entry.name,
      nameKey: nameKey(entry.name),
      parentId: vaccineIds.get(entry.vaccine) ?? null,
      details: { ...details },
      position: position++,
    })
  }
  await bumpTenantCatalogVersion(tx, tenantId, 'vaccination-records')
  await bumpTenantCatalogVersion(tx, tenantId, 'vaccination-scheme')
}
