import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyRequest } from 'fastify'
import type { DigitalRecord, DigitalRecordKind } from '../../../src/contract/schemas/digital-record'
import { DIGITAL_RECORD_KINDS } from '../../../src/contract/schemas/digital-record'
import type { RecordSectionEntry } from '../../../src/contract/schemas/record-sections'
import type { SyncedEntity } from '../../../src/contract/schemas/sync'
import type { DigitalRecordContext } from '../../../src/documents/digital-record-document'
import { timelineKindOf } from '../../../src/documents/record-timeline'
import { DOCUMENT_TIME_ZONE } from '../../../src/documents/self-tracking-pdf'
import { tenantAddressLine } from '../../../src/documents/tenant-address'
import type { Tx } from '../../db/client'
import {
  admissionExams,
  catalogueEntries,
  encounters,
  nationalities,
  patients,
  periodicExams,
  recordSections,
  referenceItems,
  triageConsultations,
  vaccinationRecords,
} from '../../db/schema'
import { assertInScope } from '../../platform/assignment-scope'
import { NotFoundError } from '../../platform/errors'
import type { FileStore } from '../../platform/files'
import { listLabels } from '../catalogs/special-labels'
import { patientOf } from '../operation/encounter-documents.routes'
import { presentPatient } from '../operation/patients'
import { READING_TABLES } from '../operation/readings'
import { REPORT_KINDS } from '../operation/report-kinds'
import { tenantLogo } from '../operation/tenant-logo'
import { currentRows } from '../sync/feed'
import { readsEntity } from '../sync/readers'

/** A table of a patient's records, read here by its id and patient columns only. */
type PatientTable = PgTable & { id: AnyPgColumn; patientId: AnyPgColumn }

/** The table each entity the digital record gathers is kept in. */
const ENTITY_TABLES = {
  encounter: encounters,
  'covid-consultation': triageConsultations,
  'vaccination-record': vaccinationRecords,
  'periodic-exam': periodicExams,
  'admission-exam': admissionExams,
  ...READING_TABLES,
  ...Object.fromEntries(REPORT_KINDS.map((kind) => [kind.entity, kind.table])),
} satisfies Partial<Record<SyncedEntity, PatientTable>> as Partial<Record<SyncedEntity, PatientTable>>

const READING_ENTITIES = new Set<string>(Object.keys(READING_TABLES))

/**
 * The ids of a patient's records of an entity, deleted ones too (the presented rows say which):
 * some tables keep no deletion (append-only triage), so the presented rows decide.
 */
async function idsOf(tx: Tx, entity: SyncedEntity, patientId: string): Promise<string[]> {
  const table = ENTITY_TABLES[entity]
  if (!table) throw new Error(`The digital record does not know where "${entity}" is kept`)
  const rows = await tx.select({ id: table.id }).from(table).where(eq(table.patientId, patientId))
  return rows.map((row) => String(row.id))
}

/**
 * A patient's digital record as the device holds it (issue 24): the patient, their live record
 * sections and the live rows of each kind the caller may read, each presented as the change feed
 * does, so the server's document is the device's. 404 for a patient the tenant does not have, a
 * deleted one, or one not in the caller's care (decision 0009).
 */
export async function gatherDigitalRecord(
  tx: Tx,
  req: FastifyRequest,
  patientId: string,
): Promise<DigitalRecord> {
  const [row] = await tx
    .select()
    .from(patients)
    .where(and(eq(patients.id, patientId), isNull(patients.deletedAt)))
  if (!row) throw new NotFoundError()
  await assertInScope(tx, req, patientId)
  const permissions = req.user?.permissions ?? new Set<string>()
  const sectionIds = (
    await tx
      .select({ id: recordSections.id })
      .from(recordSections)
      .where(eq(recordSections.patientId, patientId))
  ).map((entry) => ({ entity: 'record-section' as const, entity_id: entry.id }))
  const wanted: Array<{ kind: DigitalRecordKind; entity: SyncedEntity; entity_id: string }> = []
  for (const kind of DIGITAL_RECORD_KINDS) {
    for (const entity of timelineKindOf(kind).entities) {
      if (!readsEntity(permissions, entity)) continue
      for (const id of await idsOf(tx, entity, patientId)) wanted.push({ kind, entity, entity_id: id })
    }
  }
  const current = await currentRows(tx, [...sectionIds, ...wanted])
  const live = (entity: SyncedEntity, id: string) => {
    const found = current.get(`${entity}:${id}`)
    return found && !found.deleted ? found.data : null
  }
  const records = Object.fromEntries(
    DIGITAL_RECORD_KINDS.map((kind) => [kind, []]),
  ) as unknown as DigitalRecord['records'] // one empty list per kind, filled below
  for (const { kind, entity, entity_id } of wanted) {
    const data = live(entity, entity_id)
    // A reading carries its kind on the device, where one table holds them all (the pull sets it).
    if (data) records[kind].push(READING_ENTITIES.has(entity) ? { ...data, kind: entity } : data)
  }
  return {
    patient: presentPatient(row),
    sections: sectionIds.flatMap(({ entity_id }) => {
      const data = live('record-section', entity_id)
      return data ? [data as unknown as RecordSectionEntry] : [] // presented by presentRecordSection
    }),
    records,
  }
}

/** Catalogue values' names by id, inactive ones too: an old record keeps its words. */
async function catalogueNames(tx: Tx): Promise<Map<string, string>> {
  const rows = await tx
    .select({ id: catalogueEntries.id, name: catalogueEntries.name })
    .from(catalogueEntries)
  return new Map(rows.map((entry) => [entry.id, entry.name]))
}

/** A reference list's names by code in the document's language. */
async function listNames(tx: Tx, list: string, language: 'es' | 'en'): Promise<Map<string, string>> {
  const rows = await tx.select().from(referenceItems).where(eq(referenceItems.list, list))
  return new Map(rows.map((item) => [item.code, language === 'en' ? item.nameEn : item.nameEs]))
}

/** The countries of the doses given abroad, by their `nationalities` code. */
async function countryNames(tx: Tx, record: DigitalRecord): Promise<Map<string, string>> {
  const codes = [
    ...new Set(
      record.records.vaccination.flatMap((dose) =>
        typeof dose.country_code === 'string' ? [dose.country_code] : [],
      ),
    ),
  ]
  if (codes.length === 0) return new Map()
  const rows = await tx.select().from(nationalities).where(inArray(nationalities.code, codes))
  return new Map(rows.map((row) => [row.code, row.country]))
}

/**
 * What the record's document needs beyond the record, read from the server's tables as the
 * device reads it from its cache (`src/reports/digital-record-document.ts`): the letterhead, the
 * names of the codes and catalogue values, the patient's sex in words and the special labels.
 */
export async function recordContextOf(
  tx: Tx,
  req: FastifyRequest,
  files: FileStore,
  record: DigitalRecord,
  timeZone: string | undefined,
): Promise<DigitalRecordContext> {
  const tenant = req.tenant
  if (!tenant) throw new NotFoundError()
  const language = req.lang
  return {
    language,
    timeZone: timeZone ?? DOCUMENT_TIME_ZONE,
    tenant: {
      name: tenant.tradeName,
      logo: await tenantLogo(files, tenant.logoUrl),
      address: tenantAddressLine(tenant.address),
    },
    names: {
      catalogue: await catalogueNames(tx),
      lists: {
        'covid-statuses': await listNames(tx, 'covid-statuses', language),
        'medical-conditions': await listNames(tx, 'medical-conditions', language),
      },
      countries: await countryNames(tx, record),
    },
    sex: (await patientOf(tx, record.patient.id, language)).sex,
    specialLabels: await listLabels(tx),
    now: new Date(),
  }
}
