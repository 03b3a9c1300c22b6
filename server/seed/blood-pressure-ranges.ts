import type { bloodPressureRanges } from '../db/schema'

/**
 * The categories of the 2017 ACC/AHA guideline, mildest first: a reading belongs to the most
 * severe one whose systolic or diastolic range holds it (130/75 is stage 1, 118/92 stage 2).
 * "Elevated" has no diastolic range: from 80 mmHg on, the diastolic alone is stage 1.
 */
export const BLOOD_PRESSURE_RANGES: (typeof bloodPressureRanges.$inferInsert)[] = [
  {
    code: 'normal',
    nameEs: 'Normal',
    nameEn: 'Normal',
    systolicMin: null,
    systolicMax: 119,
    diastolicMin: null,
    diastolicMax: 79,
    color: '#2e7d32',
    sort: 0,
  },
  {
    code: 'elevated',
    nameEs: 'Elevada',
    nameEn: 'Elevated',
    systolicMin: 120,
    systolicMax: 129,
    diastolicMin: null,
    diastolicMax: null,
    color: '#f9a825',
    sort: 1,
  },
  {
    code: 'hypertension-stage-1',
    nameEs: 'Hipertensión etapa 1',
    nameEn: 'Hypertension stage 1',
    systolicMin: 130,
    systolicMax: 139,
    diastolicMin: 80,
    diastolicMax: 89,
    color: '#ef6c00',
    sort: 2,
  },
  {
    code: 'hypertension-stage-2',
    nameEs: 'Hipertensión etapa 2',
    nameEn: 'Hypertension stage 2',
    systolicMin: 140,
    systolicMax: 180,
    diastolicMin: 90,
    diastolicMax: 120,
    color: '#c62828',
    sort: 3,
  },
  {
    code: 'hypertensive-crisis',
    nameEs: 'Crisis hipertensiva',
    nameEn: 'Hypertensive crisis',
    systolicMin: 181,
    systolicMax: null,
    diastolicMin: 121,
    diastolicMax: null,
    color: '#7f0000',
    sort: 4,
  },
]
