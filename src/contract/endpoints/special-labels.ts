import * as v from 'valibot'
import {
  LabelColor,
  LabelIcon,
  SpecialLabel,
  SpecialLabelIdParams,
  SpecialLabelRequest,
  SublabelFilterParams,
  SublabelOption,
} from '../schemas/special-labels'
import { endpoint } from './define'

/**
 * The tenant's special labels (SPEC §7 "Catalogues" pattern under /catalog/specialLabels, and
 * the lists; the sublabels' filter list sits with the patients' filters, under operation).
 * Changing them takes the screen's permissions; reading the whole list is open to any signed-in
 * user of the tenant, whose device caches it to show and filter patients offline.
 */

export const createSpecialLabel = endpoint({
  service: 'catalogs',
  method: 'POST',
  path: '/catalog/specialLabels/create',
  access: 'special-labels-create',
  body: SpecialLabelRequest,
  response: SpecialLabel,
})

export const showSpecialLabel = endpoint({
  service: 'catalogs',
  method: 'GET',
  path: '/catalog/specialLabels/show/:id',
  access: 'special-labels-index',
  params: SpecialLabelIdParams,
  response: SpecialLabel,
})

export const updateSpecialLabel = endpoint({
  service: 'catalogs',
  method: 'POST',
  path: '/catalog/specialLabels/:id',
  access: 'special-labels-edit',
  params: SpecialLabelIdParams,
  body: SpecialLabelRequest,
  response: SpecialLabel,
})

export const destroySpecialLabel = endpoint({
  service: 'catalogs',
  method: 'DELETE',
  path: '/catalog/specialLabels/destroy/:id',
  access: 'catalogues.delete',
  params: SpecialLabelIdParams,
})

/** An .xlsx file, not an envelope. */
export const downloadSpecialLabels = endpoint({
  service: 'catalogs',
  method: 'GET',
  path: '/catalog/specialLabels/download',
  access: 'catalogues.export',
})

export const specialLabelColors = endpoint({
  service: 'catalogs',
  method: 'GET',
  path: '/catalog/specialLabels/colors',
  access: 'authenticated',
  response: v.array(LabelColor),
})

export const specialLabelIcons = endpoint({
  service: 'catalogs',
  method: 'GET',
  path: '/catalog/specialLabels/icons',
  access: 'authenticated',
  response: v.array(LabelIcon),
})

/** Every live label with its sublabels, by name: what a device caches. */
export const listSpecialLabels = endpoint({
  service: 'catalogs',
  method: 'GET',
  path: '/special-labels/list-special-labels',
  access: 'authenticated',
  response: v.array(SpecialLabel),
})

/** A filter list of SPEC §7 "Patients and assignments", beside get-filters/patients. */
export const sublabelFilters = endpoint({
  service: 'operation',
  method: 'GET',
  path: '/get-filters/subspecial-labels/:ids',
  access: 'patients-index',
  params: SublabelFilterParams,
  response: v.array(SublabelOption),
})
