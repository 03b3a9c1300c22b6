import { v7 as uuidv7 } from 'uuid'
import * as v from 'valibot'
import type { FileOwner } from '../contract/endpoints/attachments'
import type { ReportAuthor, ReportRecord } from '../contract/schemas/report-amendments'
import type { LocalDb, LocalReport } from '../db/local-db'
import { rowTable } from '../db/local-db'
import { type MutationContext, queueCreate, queueDelete, queuedCreate, queueEdit, stamp } from './edits'
import { attachFiles, fileTables, type PreparedFile, removeFile } from './file-mutators'
import type { DeviceReportKind, ReportProblem } from './medical-report-kinds'

/**
 * The medical reports written on the device (issue 23, decision 0028), one set of mutators for
 * the four kinds `medical-report-kinds.ts` describes: a report is created once with the device's
 * id, amended under NOM-004 (only the fields that changed, against If-Match; the server keeps
 * each one's value before and after), deleted softly where SPEC gives a delete. Its files (a
 * short history's documents, a disability's attachment and drawn signature, an ST-7's photos)
 * are kept in the same transaction and uploaded after the report's create. A report of a patient
 * whose create is still queued waits for it, and so does one linking a record not yet sent.
 */

// biome-ignore lint/suspicious/noExplicitAny: any kind, whatever its row and schemas
type AnyKind = DeviceReportKind<any, any, any>
type RowOf<K> = K extends DeviceReportKind<infer Row, v.GenericSchema, v.GenericSchema> ? Row : never

/** What a form gives a new report: its fields and its patient (the id is the device's). */
export type NewReport<K> =
  K extends DeviceReportKind<LocalReport<ReportRecord>, infer Create, v.GenericSchema>
    ? Omit<v.InferInput<Create>, 'id'>
    : never

/** An amendment: only the fields being changed. */
export type ReportChanges<K> =
  K extends DeviceReportKind<LocalReport<ReportRecord>, v.GenericSchema, infer Amend>
    ? v.InferInput<Amend>
    : never

/** A file kept with a report, under one of the report's file owners. */
export interface ReportFile {
  owner: FileOwner
  file: PreparedFile
}

/**
 * A write the device refuses before anything is kept: the report as it would leave it breaks a
 * rule across fields (`problems`), each on its field with the message key the screen shows.
 */
export class ReportRefusal extends Error {
  override name = 'ReportRefusal'
  constructor(readonly problems: readonly ReportProblem[]) {
    super(problems.map((problem) => problem.message).join(', '))
  }
}

function check(kind: AnyKind, report: Record<string, unknown>) {
  const problems = kind.problems?.(report) ?? []
  if (problems.length > 0) throw new ReportRefusal(problems)
}

function ownerOf(kind: AnyKind, owner: FileOwner) {
  const declared = kind.files.find((held) => held.owner.kind === owner.kind)
  if (!declared) throw new Error(`A ${kind.entity} has no ${owner.kind} files`)
  return declared
}

/** A report held here and not deleted. */
export async function liveReport<K extends AnyKind>(db: LocalDb, kind: K, id: string): Promise<RowOf<K>> {
  const row = await rowTable(db, kind.entity).get(id)
  if (!row || row.deleted_at) throw new Error(`Unknown ${kind.entity} ${id}`)
  return row as RowOf<K>
}

/** The queued creates of the records a report links (`links`), which it must follow. */
async function linkedCreates(db: LocalDb, kind: AnyKind, fields: Record<string, unknown>) {
  const ids = (kind.links ?? []).map((field) => fields[field]).filter((id) => typeof id === 'string')
  const creates = await Promise.all(ids.map((id) => queuedCreate(db, id as string)))
  return creates.filter((create) => create !== undefined)
}

/**
 * Keeps a report's files and queues their uploads inside the caller's transaction; a file of a
 * `single` owner (the drawn signature) takes the place of the one the report held.
 */
async function keepFiles(
  db: LocalDb,
  ctx: MutationContext,
  kind: AnyKind,
  report: { id: string; patient_id: string },
  files: readonly ReportFile[],
) {
  for (const { owner, file } of files) {
    if (ownerOf(kind, owner).single) {
      const held = await db.files.where('[owner_kind+owner_id]').equals([owner.kind, report.id]).toArray()
      for (const old of held) if (!old.deleted_at) await removeFile(db, ctx, owner, old.id)
    }
    await attachFiles(db, ctx, { owner, ownerId: report.id, patientId: report.patient_id }, [file])
  }
}

export interface CreateReportOptions {
  /** Files prepared with `prepareFile` under their owner's limits, uploaded after the create. */
  files?: readonly ReportFile[]
  /**
   * Who signs it as the screen knows them (a certificate prints the title and cédula); this
   * device's user by name otherwise, until the server's answer names the account itself.
   */
  author?: ReportAuthor
}

/**
 * Records a report and queues its create, with its files, in one transaction. Throws the
 * contract's ValiError for a field the schema refuses, a ReportRefusal for a rule across fields.
 */
export async function createReport<K extends AnyKind>(
  db: LocalDb,
  ctx: MutationContext,
  kind: K,
  fields: NewReport<K>,
  options: CreateReportOptions = {},
): Promise<RowOf<K>> {
  const body = v.parse(kind.create.schema, { ...fields, id: uuidv7() }) as Record<string, unknown> & {
    id: string
    patient_id: string
  }
  check(kind, body)
  for (const { owner } of options.files ?? []) ownerOf(kind, owner)
  const row = {
    ...body,
    ...(await kind.extras?.(db, body)),
    author: options.author ?? {
      id: ctx.userId,
      name: ctx.userName ?? '',
      title: null,
      professional_license: null,
    },
    version: 0,
    deleted_at: null,
    syncState: 'pending',
  } as RowOf<K>
  await db.transaction('rw', [rowTable(db, kind.entity), db.shadows, ...fileTables(db)], async () => {
    await queueCreate(db, ctx, {
      entity: kind.entity,
      kind: kind.create.kind,
      path: kind.create.path,
      row,
      body,
      patientId: body.patient_id,
      after: await linkedCreates(db, kind, body),
    })
    await keepFiles(db, ctx, kind, body, options.files ?? [])
  })
  return row
}

/**
 * Amends a report (NOM-004): only the fields that really changed are queued, against the version
 * they were based on, after the report's earlier changes (and after the create of a record it
 * now links); the report as the amendment leaves it must keep its rules. New files join it (a
 * new signature replaces the old). Returns the row as now shown, or null when no field changed
 * (the files aside).
 */
export async function amendReport<K extends AnyKind>(
  db: LocalDb,
  ctx: MutationContext,
  kind: K,
  id: string,
  changes: ReportChanges<K>,
  files: readonly ReportFile[] = [],
): Promise<RowOf<K> | null> {
  const parsed = v.parse(kind.amend.schema, changes) as Record<string, unknown>
  const current = await liveReport(db, kind, id)
  const after = { ...current, ...parsed }
  check(kind, after)
  for (const { owner } of files) ownerOf(kind, owner)
  const extras = await kind.extras?.(db, after)
  const mutationId = uuidv7()
  const createdAt = stamp(ctx)
  const next = await db.transaction(
    'rw',
    [rowTable(db, kind.entity), db.shadows, ...fileTables(db)],
    async () => {
      const row = await liveReport(db, kind, id)
      const amended = await queueEdit(db, ctx, {
        entity: kind.entity,
        kind: kind.amend.kind,
        method: 'POST',
        path: kind.amend.path(id),
        row,
        changes: Object.fromEntries(kind.fields.filter((f) => f in parsed).map((f) => [f, parsed[f]])),
        // The names shown beside the fields follow them until the server answers its own.
        visible: (body) => ({ ...body, ...extras }),
        mutationId,
        createdAt,
        after: await linkedCreates(db, kind, parsed),
      })
      await keepFiles(db, ctx, kind, row, files)
      return amended
    },
  )
  return next as RowOf<K> | null
}

/** Keeps new files with a saved report (a file picked on its screen) and queues their uploads. */
export async function attachReportFiles<K extends AnyKind>(
  db: LocalDb,
  ctx: MutationContext,
  kind: K,
  id: string,
  files: readonly ReportFile[],
): Promise<void> {
  for (const { owner } of files) ownerOf(kind, owner)
  await db.transaction('rw', [rowTable(db, kind.entity), db.shadows, ...fileTables(db)], async () => {
    const row = await liveReport(db, kind, id)
    await keepFiles(db, ctx, kind, row, files)
  })
}

/**
 * Deletes a report softly (DESIGN §5: deletes win, the server keeps it with its amendments):
 * hidden at once, the delete queued after the report's earlier changes. Only the kinds SPEC
 * gives a delete have one.
 */
export async function deleteReport(
  db: LocalDb,
  ctx: MutationContext,
  kind: AnyKind,
  id: string,
): Promise<void> {
  const remove = kind.remove
  if (!remove) throw new Error(`SPEC gives a ${kind.entity} no delete`)
  const mutationId = uuidv7()
  const createdAt = stamp(ctx)
  await db.transaction('rw', [rowTable(db, kind.entity), db.outbox, db.shadows], async () => {
    const row = await liveReport(db, kind, id)
    await queueDelete(db, ctx, {
      entity: kind.entity,
      kind: remove.kind,
      path: remove.path(id),
      row,
      mutationId,
      createdAt,
    })
  })
}
