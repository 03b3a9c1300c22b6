import { describe, expect, it } from 'vitest'
import {
  addDays,
  birthdayAt,
  type DueDoseGiven,
  type DuePatient,
  type DueSchemeEntry,
  type DueVaccine,
  daysBetween,
  givenEarly,
  outlineOfDue,
  vaccinationDue,
  vaccinationDueOutliner,
} from './vaccination-due'

const hepB: DueVaccine = { id: 'hepb', doses: 3, intervalDays: 30, boosterIntervalDays: null }
const td: DueVaccine = { id: 'td', doses: 1, intervalDays: 0, boosterIntervalDays: 3650 }
const pneumo: DueVaccine = { id: 'pneumo', doses: 1, intervalDays: 0, boosterIntervalDays: null }

const entry = (vaccineId: string, over: Partial<DueSchemeEntry> = {}): DueSchemeEntry => ({
  vaccineId,
  doses: null,
  ageFrom: null,
  ageTo: null,
  sex: null,
  subgroups: [],
  risks: [],
  ...over,
})

const patient: DuePatient = {
  birthDate: '1980-06-15',
  sex: 'male',
  subgroups: [],
  risks: [],
}

const dose = (vaccineId: string, doseNumber: number, date: string, booster = false): DueDoseGiven => ({
  vaccineId,
  doseNumber,
  applicationDate: date,
  booster,
})

describe('day arithmetic', () => {
  it('adds days across months, years and a leap day', () => {
    expect(addDays('2026-01-31', 30)).toBe('2026-03-02')
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01')
    expect(daysBetween('2026-01-01', '2026-03-01')).toBe(59)
    expect(daysBetween('2026-03-01', '2026-01-01')).toBe(-59)
  })

  it('puts a 29 February birthday on 1 March in common years, as ageOn counts it', () => {
    expect(birthdayAt('1960-02-29', 65)).toBe('2025-03-01')
    expect(birthdayAt('1960-02-29', 68)).toBe('2028-02-29')
    expect(birthdayAt('1961-06-15', 65)).toBe('2026-06-15')
  })
})

describe('the next dose of a series', () => {
  const scheme = [entry('hepb')]
  const given = [dose('hepb', 1, '2026-01-10')]

  it('is due exactly the interval after the previous dose, overdue only the day after', () => {
    const on = (today: string) => vaccinationDue([hepB], scheme, patient, given, today).vaccines[0]
    expect(on('2026-02-08')?.next).toEqual({ doseNumber: 2, booster: false, dueDate: '2026-02-09' })
    expect(on('2026-02-08')?.overdue).toBe(false)
    expect(on('2026-02-09')?.overdue).toBe(false)
    expect(on('2026-02-10')?.overdue).toBe(true)
    const result = vaccinationDue([hepB], scheme, patient, given, '2026-02-10')
    expect(result.overdueCount).toBe(1)
    expect(result.status).toBe('incomplete')
  })

  it('counts a dose given a day before the interval but flags it early; on the day it is not', () => {
    const early = vaccinationDue(
      [hepB],
      scheme,
      patient,
      [...given, dose('hepb', 2, '2026-02-08')],
      '2026-02-20',
    ).vaccines[0]
    expect(early?.seriesGiven).toBe(2)
    expect(early?.early).toEqual(['2026-02-08'])
    expect(early?.next).toEqual({ doseNumber: 3, booster: false, dueDate: '2026-03-10' })

    const onTime = vaccinationDue(
      [hepB],
      scheme,
      patient,
      [...given, dose('hepb', 2, '2026-02-09')],
      '2026-02-20',
    ).vaccines[0]
    expect(onTime?.early).toEqual([])
    expect(onTime?.next?.dueDate).toBe('2026-03-11')
  })

  it('counts a dose given abroad like any other and completes the scheme', () => {
    const abroad = { ...dose('hepb', 3, '2026-04-01'), abroad: true, country: 'US' }
    const result = vaccinationDue(
      [hepB],
      scheme,
      patient,
      [...given, dose('hepb', 2, '2026-02-09'), abroad],
      '2027-01-01',
    )
    expect(result.vaccines[0]?.seriesGiven).toBe(3)
    expect(result.vaccines[0]?.next).toBeNull()
    expect(result.status).toBe('complete')
    expect(result.overdueCount).toBe(0)
  })
})

describe('boosters', () => {
  const scheme = [entry('td')]

  it('falls due the booster interval after the series, and again after each booster', () => {
    const series = vaccinationDue([td], scheme, patient, [dose('td', 1, '2015-05-01')], '2020-01-01')
    expect(series.vaccines[0]?.next).toEqual({ doseNumber: 2, booster: true, dueDate: '2025-04-28' })
    expect(series.status).toBe('complete')

    const late = vaccinationDue([td], scheme, patient, [dose('td', 1, '2015-05-01')], '2025-04-29')
    expect(late.vaccines[0]?.overdue).toBe(true)
    expect(late.status).toBe('incomplete')

    const boosted = vaccinationDue(
      [td],
      scheme,
      patient,
      [dose('td', 1, '2015-05-01'), dose('td', 2, '2025-05-10', true)],
      '2026-01-01',
    )
    expect(boosted.vaccines[0]?.next).toEqual({
      doseNumber: 3,
      booster: true,
      dueDate: '2035-05-08',
    })
    expect(boosted.vaccines[0]?.early).toEqual([])
    expect(boosted.status).toBe('complete')
  })

  it('flags a booster given before its interval as early', () => {
    const result = vaccinationDue(
      [td],
      scheme,
      patient,
      [dose('td', 1, '2015-05-01'), dose('td', 2, '2020-05-01', true)],
      '2026-01-01',
    )
    expect(result.vaccines[0]?.early).toEqual(['2020-05-01'])
  })
})

describe('who a scheme entry applies to', () => {
  const elder = { ...patient, birthDate: '1961-06-15' }
  const scheme = [entry('pneumo', { ageFrom: 65 })]

  it('applies from the 65th birthday, with the first dose due that day', () => {
    expect(vaccinationDue([pneumo], scheme, elder, [], '2026-06-14').vaccines).toEqual([])
    const on = vaccinationDue([pneumo], scheme, elder, [], '2026-06-15')
    expect(on.vaccines[0]?.next).toEqual({ doseNumber: 1, booster: false, dueDate: '2026-06-15' })
    expect(on.vaccines[0]?.overdue).toBe(false)
    const after = vaccinationDue([pneumo], scheme, elder, [], '2026-06-16')
    expect(after.vaccines[0]?.overdue).toBe(true)
    expect(after.status).toBe('incomplete')
  })

  it('counts a 29 February birth as 65 from 1 March in a common year', () => {
    const leap = { ...patient, birthDate: '1960-02-29' }
    expect(vaccinationDue([pneumo], scheme, leap, [], '2025-02-28').vaccines).toEqual([])
    const march = vaccinationDue([pneumo], scheme, leap, [], '2025-03-01')
    expect(march.vaccines[0]?.next?.dueDate).toBe('2025-03-01')
    expect(march.vaccines[0]?.overdue).toBe(false)
  })

  it('stops applying past the upper age', () => {
    const young = [entry('td', { ageTo: 45 })]
    expect(vaccinationDue([td], young, patient, [], '2026-06-14').vaccines).toHaveLength(1)
    expect(vaccinationDue([td], young, patient, [], '2026-06-15').vaccines).toEqual([])
  })

  it('leaves out an entry whose sex, subgroup or risk the patient does not match', () => {
    const bySex = [entry('hepb', { sex: 'female' })]
    const bySubgroup = [entry('hepb', { subgroups: ['health-staff'] })]
    const byRisk = [entry('hepb', { risks: ['biological'] })]
    for (const scheme of [bySex, bySubgroup, byRisk]) {
      const result = vaccinationDue([hepB], scheme, patient, [], '2026-01-01')
      expect(result.vaccines).toEqual([])
      expect(result.status).toBe('complete')
    }
    const nurse = { ...patient, sex: 'female', subgroups: ['health-staff'], risks: ['biological'] }
    for (const scheme of [bySex, bySubgroup, byRisk]) {
      expect(vaccinationDue([hepB], scheme, nurse, [], '2026-01-01').vaccines).toHaveLength(1)
    }
  })

  it('with no dose given, the first is due at once from the birth date when no age is set', () => {
    const result = vaccinationDue([hepB], [entry('hepb')], patient, [], '2026-01-01')
    expect(result.vaccines[0]?.next).toEqual({ doseNumber: 1, booster: false, dueDate: '1980-06-15' })
    expect(result.vaccines[0]?.overdue).toBe(true)
    expect(result.overdueCount).toBe(1)
  })

  it("takes the scheme's own number of doses over the vaccine's", () => {
    const result = vaccinationDue(
      [hepB],
      [entry('hepb', { doses: 1 })],
      patient,
      [dose('hepb', 1, '2025-01-01')],
      '2026-01-01',
    )
    expect(result.vaccines[0]?.seriesDoses).toBe(1)
    expect(result.vaccines[0]?.next).toBeNull()
    expect(result.status).toBe('complete')
  })
})

describe('a dose given early', () => {
  it('is one a day short of the interval, not one on the day; a first dose never is', () => {
    const previous = { applicationDate: '2026-01-31' }
    expect(givenEarly(hepB, previous, { applicationDate: '2026-03-01', booster: false })).toBe(true)
    expect(givenEarly(hepB, previous, { applicationDate: '2026-03-02', booster: false })).toBe(false)
    expect(givenEarly(hepB, null, { applicationDate: '2026-01-01', booster: false })).toBe(false)
  })

  it('measures a booster by the booster interval, and never flags one of a vaccine without it', () => {
    const previous = { applicationDate: '2020-01-01' }
    expect(givenEarly(td, previous, { applicationDate: '2029-12-28', booster: true })).toBe(true)
    expect(givenEarly(td, previous, { applicationDate: '2029-12-29', booster: true })).toBe(false)
    expect(givenEarly(pneumo, previous, { applicationDate: '2020-01-02', booster: true })).toBe(false)
  })
})

describe('the due outline of a list (vaccinationDueOutliner)', () => {
  const flu: DueVaccine = { id: 'flu', doses: 1, intervalDays: 0, boosterIntervalDays: 365 }
  const vaccines = [hepB, td, pneumo, flu]
  const scheme = [
    entry('hepb', { risks: ['biological'] }),
    entry('hepb', { subgroups: ['nursing'], doses: 4 }),
    entry('td', { ageFrom: 18 }),
    entry('pneumo', { ageFrom: 65 }),
    entry('flu', { ageFrom: 60 }),
    entry('flu', { sex: 'female', ageFrom: 20, ageTo: 39 }),
  ]
  const outline = vaccinationDueOutliner(vaccines, scheme)

  it('answers what vaccinationDue answers, over patients of every age, sex, group and history', () => {
    const days = ['2026-02-28', '2026-03-01', '2026-11-25', '2028-02-29']
    const births = ['1961-02-28', '1964-02-29', '1966-03-01', '1987-11-25', '2008-11-26', '1930-01-01']
    const histories: DueDoseGiven[][] = [
      [],
      [dose('hepb', 1, '2026-10-01')],
      [dose('hepb', 2, '2026-10-20'), dose('hepb', 1, '2026-10-01'), dose('hepb', 3, '2026-10-25')],
      [dose('td', 1, '2010-05-10'), dose('td', 2, '2020-05-10', true)],
      [dose('td', 1, '2020-05-10'), dose('flu', 1, '2025-10-01'), dose('flu', 2, '2025-10-01', true)],
      [dose('pneumo', 1, '2026-01-01'), dose('hepb', 1, '2019-01-01', true), dose('ghost', 1, '2020-01-01')],
    ]
    let compared = 0
    for (const today of days)
      for (const birthDate of births)
        for (const sex of ['female', 'male', null])
          for (const groups of [
            { subgroups: [], risks: [] },
            { subgroups: ['nursing'], risks: ['biological'] },
          ])
            for (const given of histories) {
              const who: DuePatient = { birthDate, sex, ...groups }
              expect(outline(who, given, today)).toEqual(
                outlineOfDue(vaccinationDue(vaccines, scheme, who, given, today)),
              )
              compared++
            }
    expect(compared).toBe(4 * 6 * 3 * 2 * 6)
  })

  it('names the soonest next dose, the first vaccine in the catalogue’s order on a tie', () => {
    const twins = vaccinationDueOutliner([td, pneumo], [entry('td'), entry('pneumo')])
    expect(twins(patient, [], '2026-11-25')).toEqual({
      status: 'incomplete',
      overdueCount: 2,
      vaccineIds: ['td', 'pneumo'],
      nextVaccineId: 'td',
      nextDueDate: '1980-06-15',
    })
    expect(
      twins(patient, [dose('td', 1, '2026-11-01'), dose('pneumo', 1, '2026-11-01')], '2026-11-25'),
    ).toEqual({
      status: 'complete',
      overdueCount: 0,
      vaccineIds: ['td', 'pneumo'],
      nextVaccineId: 'td',
      nextDueDate: '2036-10-29',
    })
  })
})

describe('day arithmetic without Date', () => {
  it('counts days as the UTC calendar does, over centuries and leap days', () => {
    const DAY = 86_400_000
    const isoOf = (day: number) => new Date(day * DAY).toISOString().slice(0, 10)
    const wrong: string[] = []
    let checked = 0
    for (let day = Date.UTC(1899, 11, 20) / DAY; day < Date.UTC(2101, 0, 10) / DAY; day += 1) {
      const iso = isoOf(day)
      if (daysBetween('1970-01-01', iso) !== day) wrong.push(`daysBetween ${iso}`)
      if (addDays(iso, 3650) !== isoOf(day + 3650)) wrong.push(`${iso} + 3650`)
      if (addDays(iso, -29) !== isoOf(day - 29)) wrong.push(`${iso} - 29`)
      checked++
    }
    expect(wrong).toEqual([])
    expect(checked).toBeGreaterThan(73_000)
  })
})
