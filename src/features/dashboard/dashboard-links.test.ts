import { describe, expect, it } from 'vitest'
import { defaultFilters } from './dashboard-filters'
import {
  affectedSystemLink,
  covidLink,
  diagnosisLink,
  type ListAccess,
  lostDaysLink,
  patientsLink,
  periodicExamsLink,
  sublabelLink,
  vaccinationsLink,
} from './dashboard-links'

const TODAY = '2026-11-26'
const PLANT = '0193a1b2-7c4d-7e8f-9a0b-1c2d3e4f5a01'
const LABEL = '0193a1b2-7c4d-7e8f-9a0b-1c2d3e4f5a02'
const FIRST = '0193a1b2-7c4d-7e8f-9a0b-1c2d3e4f5a03'
const SECOND = '0193a1b2-7c4d-7e8f-9a0b-1c2d3e4f5a04'
const SYSTEM = '0193a1b2-7c4d-7e8f-9a0b-1c2d3e4f5a05'

const everything = () => true
const access = (over: Partial<ListAccess> = {}): ListAccess => ({
  can: everything,
  filters: defaultFilters(TODAY),
  sublabels: null,
  today: TODAY,
  ...over,
})

describe('the lists behind the dashboard’s figures', () => {
  it('opens the concentrated lists over the same period and patients, narrowed to the entry', () => {
    const filtered = access({
      filters: { from: '2026-11-01', to: TODAY, subgroup: PLANT, special_label: LABEL, sublabel: FIRST },
      sublabels: [FIRST],
    })
    expect(diagnosisLink(filtered, 'J00')).toEqual({
      to: '/digital-record/affected-systems',
      search: {
        period: 'custom',
        from: '2026-11-01',
        to: TODAY,
        subgroup: PLANT,
        special_label: LABEL,
        sublabel: FIRST,
        diagnosis: 'J00',
      },
    })
    expect(affectedSystemLink(access(), SYSTEM)?.search).toEqual({
      period: 'custom',
      from: '2026-11-01',
      to: TODAY,
      system: SYSTEM,
    })
    expect(lostDaysLink(filtered, 'type-1')).toEqual({
      to: '/digital-record/medical-reports/record-disabilities',
      search: {
        from: '2026-11-01',
        to: TODAY,
        subgroup: PLANT,
        special_label: LABEL,
        sublabel: FIRST,
        type: 'type-1',
      },
    })
  })

  it('links nothing the user may not open', () => {
    const none = access({ can: () => false })
    expect(diagnosisLink(none, 'J00')).toBeUndefined()
    expect(affectedSystemLink(none, SYSTEM)).toBeUndefined()
    expect(lostDaysLink(none)).toBeUndefined()
    expect(periodicExamsLink(none, 'expired')).toBeUndefined()
    expect(vaccinationsLink(none, { overdue: 'yes' })).toBeUndefined()
    expect(patientsLink(none)).toBeUndefined()
    expect(sublabelLink(none, FIRST)).toBeUndefined()
  })

  it('links the lists of today by subgroup, and not when a special label narrows the figure they cannot', () => {
    const bySubgroup = access({ filters: { ...defaultFilters(TODAY), subgroup: PLANT } })
    expect(periodicExamsLink(bySubgroup, 'expired')?.search).toEqual({ state: 'expired', subgroup: PLANT })
    expect(vaccinationsLink(bySubgroup, { status: 'complete' })?.search).toEqual({
      status: 'complete',
      subgroup: PLANT,
    })
    const labelled = access({
      filters: { ...defaultFilters(TODAY), special_label: LABEL },
      sublabels: [FIRST, SECOND],
    })
    expect(periodicExamsLink(labelled, 'expired')).toBeUndefined()
    expect(vaccinationsLink(labelled, { overdue: 'yes' })).toBeUndefined()
    // The patients list takes one sublabel: a label of two has no list; one sublabel has.
    expect(patientsLink(labelled)).toBeUndefined()
    expect(patientsLink(access({ sublabels: [FIRST] }))?.search).toEqual({ special_sublabel: FIRST })
    expect(patientsLink(bySubgroup)?.search).toEqual({ subgroup: PLANT })
    // A sublabel's carriers all pass its own label's filter; another label's filter keeps only some.
    expect(sublabelLink(labelled, SECOND)?.search).toEqual({ special_sublabel: SECOND })
    expect(sublabelLink(access({ sublabels: [FIRST] }), SECOND)).toBeUndefined()
  })

  it('opens /covid only when the figure counts every patient’s latest triage, as the list does', () => {
    expect(covidLink(access(), 'suspicious')).toBeUndefined()
    const wholeHistory = { ...defaultFilters(TODAY), from: '' }
    expect(covidLink(access({ filters: wholeHistory }), 'suspicious')).toEqual({
      to: '/covid',
      search: { status: 'suspicious' },
    })
    expect(covidLink(access({ filters: { ...wholeHistory, to: '' } }), 'recovered')).toBeDefined()
    expect(covidLink(access({ filters: { ...wholeHistory, to: '2026-10-31' } }), 'recovered')).toBeUndefined()
    expect(covidLink(access({ filters: { ...wholeHistory, subgroup: PLANT } }), 'recovered')).toBeUndefined()
  })
})
