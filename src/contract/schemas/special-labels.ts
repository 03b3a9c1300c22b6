import * as v from 'valibot'

/**
 * The colours a special label may take (GET /catalog/specialLabels/colors), by code: each dark
 * enough for its text on white (WCAG AA, 4.5:1), since a label is written in its colour.
 */
export const SPECIAL_LABEL_COLORS = {
  red: '#c62828',
  orange: '#b34700',
  yellow: '#8a6d00',
  green: '#2e7d32',
  teal: '#00796b',
  blue: '#1565c0',
  purple: '#6a1b9a',
  gray: '#546e7a',
} as const
export type SpecialLabelColor = keyof typeof SPECIAL_LABEL_COLORS
export const SPECIAL_LABEL_COLOR_CODES = Object.keys(SPECIAL_LABEL_COLORS) as SpecialLabelColor[]

/** The icons a special label may take (GET /catalog/specialLabels/icons): a code and its glyph. */
export const SPECIAL_LABEL_ICONS = {
  star: '★',
  heart: '♥',
  alert: '⚠',
  accessibility: '♿',
  medical: '✚',
  flag: '⚑',
  pregnancy: '♀',
  shield: '⛨',
} as const
export type SpecialLabelIcon = keyof typeof SPECIAL_LABEL_ICONS
export const SPECIAL_LABEL_ICON_CODES = Object.keys(SPECIAL_LABEL_ICONS) as SpecialLabelIcon[]

const Id = v.pipe(v.string(), v.uuid('field.uuid'))
const name = v.pipe(v.string('field.required'), v.trim(), v.nonEmpty('field.required'), v.maxLength(100))

/** A sublabel as the form sends it: an id when it exists already, none when it is new. */
export const SublabelInput = v.object({ id: v.optional(Id), name })
export type SublabelInput = v.InferOutput<typeof SublabelInput>

/**
 * POST /catalog/specialLabels/create and POST /catalog/specialLabels/{id}: SPEC §5 "a special
 * label needs a sublabel name": at least one sublabel, each named. The update sends the whole
 * label; a sublabel left out is removed (softly: patients keep what they carried).
 */
export const SpecialLabelRequest = v.object({
  name,
  color: v.picklist(SPECIAL_LABEL_COLOR_CODES, 'field.picklist'),
  icon: v.picklist(SPECIAL_LABEL_ICON_CODES, 'field.picklist'),
  sublabels: v.pipe(
    v.array(SublabelInput, 'field.type'),
    v.minLength(1, 'specialLabel.sublabelRequired'),
    v.maxLength(50),
  ),
})
export type SpecialLabelRequest = v.InferOutput<typeof SpecialLabelRequest>

export const SpecialLabelIdParams = v.object({ id: Id })

export const Sublabel = v.object({ id: v.string(), name: v.string() })
export type Sublabel = v.InferOutput<typeof Sublabel>

/** A special label with its live sublabels in their order. */
export const SpecialLabel = v.object({
  id: v.string(),
  name: v.string(),
  color: v.string(),
  icon: v.string(),
  sublabels: v.array(Sublabel),
  updated_at: v.string(),
})
export type SpecialLabel = v.InferOutput<typeof SpecialLabel>

export const LabelColor = v.object({ code: v.string(), hex: v.string() })
export const LabelIcon = v.object({ code: v.string(), glyph: v.string() })

/**
 * GET /get-filters/subspecial-labels/{ids or 0}: the sublabels of some labels (comma-separated
 * ids), or of every label with 0.
 */
export const SublabelFilterParams = v.object({
  ids: v.pipe(
    v.string(),
    v.maxLength(100 * 37, 'field.invalid'),
    v.transform((text) => (text === '0' ? [] : text.split(',').map((id) => id.trim()))),
    v.array(Id),
  ),
})
export const SublabelOption = v.object({
  id: v.string(),
  name: v.string(),
  special_label_id: v.string(),
  special_label_name: v.string(),
})
export type SublabelOption = v.InferOutput<typeof SublabelOption>

/** A patient carries sublabels (their ids); at most this many. */
export const MAX_PATIENT_SUBLABELS = 50
