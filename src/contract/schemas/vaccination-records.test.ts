import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  AmendVaccinationRecordRequest,
  CreateVaccinationRecordForPatientRequest,
  CreateVaccinationRecordRequest,
  MAX_ADVERSE_REACTIONS,
  MAX_DOSE_NUMBER,
  VaccinationCardPdfQuery,
  VaccinationDownloadQuery,
} from './vaccination-records'

const record = {
  id: '0193a3b0-0000-7000-8000-000000000001',
  patient_id: '0193a3b0-0000-7000-8000-000000000002',
  vaccine_id: '0193a3b0-0000-7000-8000-000000000003',
  dose_number: 1,
  applied_on: '2026-11-20',
}

const issuesOf = (schema: v.GenericSchema, input: unknown) => {
  const result = v.safeParse(schema, input)
  return result.success ? [] : result.issues.map((issue) => [v.getDotPath(issue), issue.message])
}

const reaction = { date: '2026-11-21', time: '08:30', symptoms: 'Fiebre', comments: null }

describe('a vaccination record', () => {
  it('takes the fields with their defaults', () => {
    const parsed = v.parse(CreateVaccinationRecordRequest, record)
    expect(parsed).toEqual({
      ...record,
      folio: null,
      lot: null,
      booster: false,
      vaccinated_abroad: false,
      country_code: null,
      adverse_reactions: [],
      early_dose_confirmed: false,
    })
  })

  it('asks for the country of a dose applied abroad, on country_code', () => {
    expect(issuesOf(CreateVaccinationRecordRequest, { ...record, vaccinated_abroad: true })).toEqual([
      ['country_code', 'vaccination.countryRequired'],
    ])
    expect(
      issuesOf(CreateVaccinationRecordRequest, { ...record, vaccinated_abroad: true, country_code: 'USA' }),
    ).toEqual([])
  })

  it('refuses a country for a dose applied at home', () => {
    expect(issuesOf(CreateVaccinationRecordRequest, { ...record, country_code: 'USA' })).toEqual([
      ['country_code', 'vaccination.countryWithoutAbroad'],
    ])
    const { patient_id: _, ...forPatient } = record
    expect(
      issuesOf(CreateVaccinationRecordForPatientRequest, { ...forPatient, country_code: 'USA' }),
    ).toEqual([['country_code', 'vaccination.countryWithoutAbroad']])
  })

  it('holds dose numbers from 1 to the largest', () => {
    expect(issuesOf(CreateVaccinationRecordRequest, { ...record, dose_number: 0 })).toHaveLength(1)
    expect(issuesOf(CreateVaccinationRecordRequest, { ...record, dose_number: MAX_DOSE_NUMBER })).toEqual([])
    expect(
      issuesOf(CreateVaccinationRecordRequest, { ...record, dose_number: MAX_DOSE_NUMBER + 1 }),
    ).toHaveLength(1)
  })

  it('checks each adverse reaction and their number', () => {
    expect(issuesOf(CreateVaccinationRecordRequest, { ...record, adverse_reactions: [reaction] })).toEqual([])
    expect(
      issuesOf(CreateVaccinationRecordRequest, {
        ...record,
        adverse_reactions: [{ ...reaction, time: '24:00' }],
      }),
    ).toEqual([['adverse_reactions.0.time', 'field.time']])
    expect(
      issuesOf(CreateVaccinationRecordRequest, {
        ...record,
        adverse_reactions: [{ ...reaction, symptoms: ' ' }],
      }),
    ).toEqual([['adverse_reactions.0.symptoms', 'field.required']])
    const many = Array.from({ length: MAX_ADVERSE_REACTIONS + 1 }, () => reaction)
    expect(issuesOf(CreateVaccinationRecordRequest, { ...record, adverse_reactions: many })).toEqual([
      ['adverse_reactions', 'field.maxItems'],
    ])
  })

  it('amends only the fields sent, at least one', () => {
    expect(v.parse(AmendVaccinationRecordRequest, { lot: 'L-22' })).toEqual({ lot: 'L-22' })
    expect(issuesOf(AmendVaccinationRecordRequest, {})).toEqual([[null, 'field.nothingToChange']])
  })
})

describe("the vaccinations index's filters", () => {
  const vaccine = '0193a3b0-0000-7000-8000-000000000003'

  it('read comma-separated statuses, vaccines, subgroups and risks', () => {
    const parsed = v.parse(VaccinationDownloadQuery, {
      statuses: 'incomplete',
      vaccines: `${vaccine},`,
      overdue: 'yes',
      subgroups: '',
      risks: 'biological,mechanical',
      time_zone: 'America/Mexico_City',
    })
    expect(parsed).toEqual({
      statuses: ['incomplete'],
      vaccines: [vaccine],
      overdue: 'yes',
      subgroups: [],
      risks: ['biological', 'mechanical'],
      time_zone: 'America/Mexico_City',
    })
  })

  it('refuse an unknown status, a vaccine that is not an id and a made-up zone', () => {
    expect(
      issuesOf(VaccinationDownloadQuery, { statuses: 'done', vaccines: 'Td', time_zone: 'Mars/Olympus' }),
    ).toEqual([
      ['statuses.0', 'field.picklist'],
      ['vaccines.0', 'field.uuid'],
      ['time_zone', 'field.time_zone'],
    ])
  })

  it("name the card's patient by id", () => {
    expect(issuesOf(VaccinationCardPdfQuery, { id: 'not-an-id' })).toEqual([['id', 'field.uuid']])
  })
})
