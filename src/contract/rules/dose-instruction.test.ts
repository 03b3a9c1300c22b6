import { describe, expect, it } from 'vitest'
import { type DoseInstruction, doseInstruction } from './dose-instruction'
import { DOSE_QUANTITY, DOSE_UNITS, EVERY_HOURS, FOR_DAYS, ROUTES } from './prescription-terms'

const line = (change: Partial<DoseInstruction> = {}): DoseInstruction => ({
  quantity: 1,
  unit: 'tablet',
  via: 'oral',
  every_hours: 8,
  for_days: 5,
  ...change,
})

describe('a prescription line in words', () => {
  it('reads as a Mexican prescription says it, and in English', () => {
    expect(doseInstruction(line(), 'es')).toBe('1 tableta vía oral cada 8 horas por 5 días')
    expect(doseInstruction(line(), 'en')).toBe('1 tablet by mouth every 8 hours for 5 days')
  })

  it.each([
    ['tablet', '1 tableta', '2 tabletas', '1 tablet', '2 tablets'],
    ['capsule', '1 cápsula', '2 cápsulas', '1 capsule', '2 capsules'],
    ['dragee', '1 gragea', '2 grageas', '1 coated tablet', '2 coated tablets'],
    ['sachet', '1 sobre', '2 sobres', '1 sachet', '2 sachets'],
    ['millilitre', '1 ml', '2 ml', '1 ml', '2 ml'],
    ['drop', '1 gota', '2 gotas', '1 drop', '2 drops'],
    ['application', '1 aplicación', '2 aplicaciones', '1 application', '2 applications'],
    ['inhalation', '1 inhalación', '2 inhalaciones', '1 puff', '2 puffs'],
    ['suppository', '1 supositorio', '2 supositorios', '1 suppository', '2 suppositories'],
    ['ovule', '1 óvulo', '2 óvulos', '1 pessary', '2 pessaries'],
    ['ampoule', '1 ampolleta', '2 ampolletas', '1 ampoule', '2 ampoules'],
    ['patch', '1 parche', '2 parches', '1 patch', '2 patches'],
    ['unit', '1 unidad', '2 unidades', '1 unit', '2 units'],
  ] as const)('names one and several of %s in both languages', (unit, oneEs, twoEs, oneEn, twoEn) => {
    const amount = (quantity: number, language: 'es' | 'en') =>
      doseInstruction(line({ unit, quantity }), language).replace(/ (vía oral|by mouth) .*/, '')
    expect([amount(1, 'es'), amount(2, 'es'), amount(1, 'en'), amount(2, 'en')]).toEqual([
      oneEs,
      twoEs,
      oneEn,
      twoEn,
    ])
  })

  it('has words for every unit and route of the lists', () => {
    for (const unit of DOSE_UNITS) {
      for (const via of ROUTES) {
        for (const language of ['es', 'en'] as const) {
          const text = doseInstruction(line({ unit, via, quantity: 2 }), language)
          expect(text).not.toMatch(/undefined|null|NaN/)
        }
      }
    }
  })

  it.each([
    ['oral', 'vía oral', 'by mouth'],
    ['sublingual', 'vía sublingual', 'under the tongue'],
    ['topical', 'vía tópica', 'on the skin'],
    ['ophthalmic', 'vía oftálmica', 'in the eye'],
    ['otic', 'vía ótica', 'in the ear'],
    ['nasal', 'vía nasal', 'in the nose'],
    ['inhaled', 'vía inhalada', 'by inhalation'],
    ['rectal', 'vía rectal', 'rectally'],
    ['vaginal', 'vía vaginal', 'vaginally'],
    ['intramuscular', 'vía intramuscular', 'intramuscularly'],
    ['intravenous', 'vía intravenosa', 'intravenously'],
    ['subcutaneous', 'vía subcutánea', 'subcutaneously'],
  ] as const)('says the %s route', (via, es, en) => {
    expect(doseInstruction(line({ via }), 'es')).toBe(`1 tableta ${es} cada 8 horas por 5 días`)
    expect(doseInstruction(line({ via }), 'en')).toBe(`1 tablet ${en} every 8 hours for 5 days`)
  })

  it('writes a split tablet with a fraction, singular up to one and plural above', () => {
    const amount = (quantity: number, language: 'es' | 'en') =>
      doseInstruction(line({ quantity }), language).replace(/ (vía oral|by mouth) .*/, '')
    expect([0.25, 0.5, 0.75, 1.5, 2.25, 2.75].map((q) => amount(q, 'es'))).toEqual([
      '¼ de tableta',
      '½ tableta',
      '¾ de tableta',
      '1½ tabletas',
      '2¼ tabletas',
      '2¾ tabletas',
    ])
    expect([0.25, 0.5, 0.75, 1.5].map((q) => amount(q, 'en'))).toEqual([
      '¼ tablet',
      '½ tablet',
      '¾ tablet',
      '1½ tablets',
    ])
  })

  it('writes measured amounts and odd splits as decimals with a leading zero and no trailing zero', () => {
    expect(doseInstruction(line({ unit: 'millilitre', quantity: 2.5 }), 'es')).toBe(
      '2.5 ml vía oral cada 8 horas por 5 días',
    )
    expect(doseInstruction(line({ unit: 'millilitre', quantity: 0.5 }), 'es')).toMatch(/^0\.5 ml /)
    expect(doseInstruction(line({ unit: 'unit', quantity: 0.5, via: 'subcutaneous' }), 'es')).toMatch(
      /^0\.5 unidades vía subcutánea/,
    )
    expect(doseInstruction(line({ unit: 'millilitre', quantity: 7.25 }), 'en')).toMatch(/^7\.25 ml by mouth/)
    expect(doseInstruction(line({ quantity: 1.3 }), 'es')).toMatch(/^1\.3 tabletas /)
    expect(doseInstruction(line({ unit: 'millilitre', quantity: 1 / 3 }), 'es')).toMatch(/^0\.33 ml /)
  })

  it('says the hours and days at their bounds, singular for one', () => {
    expect(doseInstruction(line({ every_hours: EVERY_HOURS.min, for_days: FOR_DAYS.min }), 'es')).toBe(
      '1 tableta vía oral cada hora por 1 día',
    )
    expect(doseInstruction(line({ every_hours: EVERY_HOURS.min, for_days: FOR_DAYS.min }), 'en')).toBe(
      '1 tablet by mouth every hour for 1 day',
    )
    expect(doseInstruction(line({ every_hours: EVERY_HOURS.max, for_days: FOR_DAYS.max }), 'es')).toBe(
      '1 tableta vía oral cada 72 horas por 365 días',
    )
    expect(doseInstruction(line({ every_hours: EVERY_HOURS.max, for_days: FOR_DAYS.max }), 'en')).toBe(
      '1 tablet by mouth every 72 hours for 365 days',
    )
  })

  it('keeps once a day in hours, as the prescriber chose it', () => {
    expect(doseInstruction(line({ every_hours: 24, for_days: 30 }), 'es')).toBe(
      '1 tableta vía oral cada 24 horas por 30 días',
    )
    expect(doseInstruction(line({ every_hours: 24, for_days: 30 }), 'en')).toBe(
      '1 tablet by mouth every 24 hours for 30 days',
    )
  })

  it('writes the smallest and the largest dose', () => {
    expect(doseInstruction(line({ quantity: DOSE_QUANTITY.min }), 'es')).toMatch(/^¼ de tableta /)
    expect(doseInstruction(line({ unit: 'millilitre', quantity: DOSE_QUANTITY.max }), 'es')).toMatch(
      /^1000 ml vía oral/,
    )
  })
})
