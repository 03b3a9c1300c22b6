import { describe, expect, it } from 'vitest'
import {
  CONSCIOUSNESS_STATES,
  SUPPLEMENTAL_OXYGENS,
  TRIAGE_CLASSIFICATIONS,
} from '../../src/contract/rules/triage-classification'
import { COVID_LIST_NAMES, TRIAGE_STATUSES } from '../../src/contract/schemas/covid'
import { COVID_LISTS } from './covid-lists'

const codesOf = (list: string) => (COVID_LISTS[list] ?? []).map(([code]) => code)

describe('the COVID lists the seed loads', () => {
  it('hold every list SPEC §7 "COVID" reads', () => {
    for (const name of COVID_LIST_NAMES) expect(codesOf(name).length, name).toBeGreaterThan(0)
  })

  it('name the codes the triage score reads, in its order', () => {
    expect(codesOf('triage-clasifications')).toEqual([...TRIAGE_CLASSIFICATIONS])
    expect(codesOf('consciousness-states')).toEqual([...CONSCIOUSNESS_STATES])
    expect(codesOf('supplemental-oxygens')).toEqual([...SUPPLEMENTAL_OXYGENS])
  })

  it('name the SPEC §4 triage statuses', () => {
    expect(new Set(codesOf('covid-statuses'))).toEqual(new Set(TRIAGE_STATUSES))
  })
})
