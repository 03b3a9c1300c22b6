import {
  CreateRecordSectionRequest,
  RECORD_SECTIONS,
  type RecordSection,
  RecordSectionIdParams,
  RecordSectionsQuery,
  UpdateRecordSectionRequest,
} from '../schemas/record-sections'
import { endpoint } from './define'

/**
 * SPEC §7 "Patient record sections (under /patients/)", under `/api/operation`: for each
 * section, list by patient, get, create, update and delete. Reading needs the patients list
 * permission, writing the patients edit one. SPEC names COVID status's update `PUT /update`.
 */
const sectionCalls = <S extends RecordSection>(section: S) => {
  const path = `/patients/${section}` as const
  const updatePath = section === 'covid-status' ? `${path}/update/:id` : `${path}/:id`
  return {
    create: endpoint({
      service: 'operation',
      method: 'POST',
      path,
      access: 'patients-edit',
      body: CreateRecordSectionRequest[section],
    }),
    list: endpoint({
      service: 'operation',
      method: 'GET',
      path,
      access: 'patients-index',
      query: RecordSectionsQuery,
    }),
    show: endpoint({
      service: 'operation',
      method: 'GET',
      path: `${path}/:id`,
      access: 'patients-index',
      params: RecordSectionIdParams,
    }),
    update: endpoint({
      service: 'operation',
      method: 'PUT',
      path: updatePath,
      access: 'patients-edit',
      params: RecordSectionIdParams,
      body: UpdateRecordSectionRequest[section],
    }),
    remove: endpoint({
      service: 'operation',
      method: 'DELETE',
      path: `${path}/:id`,
      access: 'patients-edit',
      params: RecordSectionIdParams,
    }),
  }
}

export type RecordSectionCalls = ReturnType<typeof sectionCalls>

export const recordSectionCalls = Object.fromEntries(
  RECORD_SECTIONS.map((section) => [section, sectionCalls(section)]),
) as Record<RecordSection, RecordSectionCalls> // fromEntries forgets the keys
