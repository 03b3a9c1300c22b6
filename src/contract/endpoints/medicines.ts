import * as v from 'valibot'
import {
  DosesParams,
  Medicine,
  MedicineIdParams,
  MedicineOption,
  MedicineRequest,
  MedicinesImportReport,
  MedicinesImportRequest,
  Presentation,
} from '../schemas/medicines'
import { endpoint } from './define'

/**
 * The tenant's medicines catalogue and its presentations (SPEC §7 "Medicines"). Changing it
 * takes the screen's permissions; the lists are open to any signed-in user of the tenant, whose
 * device caches the catalogue to pick active medications offline.
 */

export const createMedicine = endpoint({
  service: 'catalogs',
  method: 'POST',
  path: '/catalog/medicines/catalog',
  access: 'medicines-create',
  body: MedicineRequest,
  response: Medicine,
})

export const updateMedicine = endpoint({
  service: 'catalogs',
  method: 'POST',
  path: '/catalog/medicines/catalog/:id',
  access: 'medicines-edit',
  params: MedicineIdParams,
  body: MedicineRequest,
  response: Medicine,
})

export const showMedicine = endpoint({
  service: 'catalogs',
  method: 'GET',
  path: '/catalog/medicines/catalog/:id',
  access: 'medicines-index',
  params: MedicineIdParams,
  response: Medicine,
})

export const destroyMedicine = endpoint({
  service: 'catalogs',
  method: 'DELETE',
  path: '/catalog/medicines/catalog/:id',
  access: 'catalogues.delete',
  params: MedicineIdParams,
})

export const destroyPresentation = endpoint({
  service: 'catalogs',
  method: 'DELETE',
  path: '/catalog/medicines/presentation/:id',
  access: 'medicines-edit',
  params: MedicineIdParams,
})

/** Every live medicine's id and name, by name. */
export const listMedicines = endpoint({
  service: 'catalogs',
  method: 'GET',
  path: '/catalog/medicines/list',
  access: 'authenticated',
  response: v.array(MedicineOption),
})

/** The whole catalogue with presentations: what a device caches. */
export const medicinesCatalog = endpoint({
  service: 'catalogs',
  method: 'GET',
  path: '/catalog/medicines/catalog/list',
  access: 'authenticated',
  response: v.array(Medicine),
})

export const presentationsOf = endpoint({
  service: 'catalogs',
  method: 'GET',
  path: '/catalog/medicines/presentation/list/:id',
  access: 'authenticated',
  params: MedicineIdParams,
  response: v.array(Presentation),
})

/** The doses a medicine offers in the form of one of its presentations. */
export const dosesOf = endpoint({
  service: 'catalogs',
  method: 'GET',
  path: '/catalog/medicines/catalog/doses/list/:medicineId/:presentationId',
  access: 'authenticated',
  params: DosesParams,
  response: v.array(Presentation),
})

/** The catalogue as an .xlsx file, one presentation per row; not an envelope. */
export const exportMedicines = endpoint({
  service: 'catalogs',
  method: 'GET',
  path: '/catalog/medicines/catalog/excel',
  access: 'catalogues.export',
})

/** Adds the medicines and presentations of a spreadsheet laid out like the download. */
export const importMedicines = endpoint({
  service: 'catalogs',
  method: 'POST',
  path: '/catalog/medicines/catalog/excel',
  access: 'medicines-create',
  body: MedicinesImportRequest,
  response: MedicinesImportReport,
})
