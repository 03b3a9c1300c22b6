import { describe, expect, it } from 'vitest'
import { certificateVitalSigns } from './certificate-prefill'

const consultation = {
  started_at: '2026-11-20T16:30:00.000Z',
  weight_kg: 80,
  height_m: 1.75,
  temperature_c: 36.6,
  systolic: 130,
  diastolic: 85,
  heart_rate: 70,
}

describe('a certificate’s starting vital signs', () => {
  it('are the latest consultation’s, each replaced by a reading taken after it', () => {
    expect(
      certificateVitalSigns(consultation, {
        pressure: { taken_at: '2026-11-21T08:00:00.000Z', systolic: 118, diastolic: 76, heart_rate: null },
        glucose: { taken_at: '2026-11-19T08:00:00.000Z', glucose: 140 },
        somatometry: { taken_at: '2026-11-22T08:00:00.000Z', weight_kg: 78.5, height_m: null },
      }),
    ).toEqual({
      weight_kg: 78.5,
      height_m: 1.75,
      temperature_c: 36.6,
      oximetry: null,
      systolic: 118,
      diastolic: 76,
      // A pressure reading without a heart rate keeps the consultation's.
      heart_rate: 70,
      respiratory_rate: null,
      // Taken before the consultation: the consultation's figure (none) stands.
      glucose: null,
    })
  })

  it('are the readings alone when the patient has had no consultation, and nothing without either', () => {
    expect(
      certificateVitalSigns(null, { glucose: { taken_at: '2020-01-01T00:00:00.000Z', glucose: 95 } }).glucose,
    ).toBe(95)
    expect(Object.values(certificateVitalSigns(null, {})).every((value) => value === null)).toBe(true)
  })
})
