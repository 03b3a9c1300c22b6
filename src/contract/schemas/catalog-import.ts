import * as v from 'valibot'

/** The agencies' full locality catalog is about 10 MB; leave room for a few years of growth. */
export const MAX_CATALOG_FILE_BYTES = 50 * 1024 * 1024

/** A report lists at most this many rejected rows per file (it counts them all). */
export const MAX_LISTED_REJECTIONS = 1000

/** POST /catalog/import (form data): one agency file; its format is read from its header. */
export const CatalogImportRequest = v.object({
  file: v.pipe(
    v.instance(Uint8Array, 'field.required'),
    v.check((bytes) => bytes.length > 0, 'field.required'),
    v.check((bytes) => bytes.length <= MAX_CATALOG_FILE_BYTES, 'error.tooLarge'),
  ),
  /** The file's name, for the report (form data keeps it apart from the bytes). */
  filename: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(255))),
})

export const Rejection = v.object({ line: v.number(), reason: v.string() })
export type Rejection = v.InferOutput<typeof Rejection>

/** What the import did with one file. */
export const FileImportReport = v.object({
  file: v.string(),
  /** The format recognised from the header (`inegi-municipalities`…), or null. */
  format: v.nullable(v.string()),
  catalog: v.nullable(v.string()),
  rows: v.number(),
  added: v.number(),
  updated: v.number(),
  unchanged: v.number(),
  rejected: v.number(),
  /** The first MAX_LISTED_REJECTIONS rejected rows, with their line in the file. */
  rejections: v.array(Rejection),
  /** Why the whole file was left out (an unrecognised header…), or null. */
  skipped: v.nullable(v.string()),
  /** Remarks that are not rejections: rows left to a preferred file of the same catalog… */
  notes: v.array(v.string()),
})
export type FileImportReport = v.InferOutput<typeof FileImportReport>

export const CatalogImportReport = v.object({
  files: v.array(FileImportReport),
  added: v.number(),
  updated: v.number(),
  unchanged: v.number(),
  rejected: v.number(),
  /** The catalogs whose version moved, with their new version. */
  versions: v.array(v.object({ catalog: v.string(), version: v.number() })),
})
export type CatalogImportReport = v.InferOutput<typeof CatalogImportReport>
