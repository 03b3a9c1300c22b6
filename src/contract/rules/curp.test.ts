import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { buildCurp, Curp, curpBirthDate, curpCheckDigit, isValidCurp, validateCurp } from './curp'

describe('CURP validation', () => {
  it.each(['LOOA531113HTCPBN07', 'SABC560626MDFLRN01', 'PEGJ900512HJCRRS04'])(
    'accepts the real CURP %s',
    (curp) => {
      expect(validateCurp(curp)).toBeNull()
    },
  )

  it('accepts lower case and surrounding spaces', () => {
    expect(isValidCurp('  looa531113htcpbn07 ')).toBe(true)
  })

  it('refuses a wrong check digit', () => {
    expect(validateCurp('LOOA531113HTCPBN08')).toBe('checkDigit')
  })

  it('refuses a wrong length or shape', () => {
    expect(validateCurp('LOOA531113HTCPBN0')).toBe('length')
    expect(validateCurp('L0OA531113HTCPBN07')).toBe('format')
    expect(validateCurp('LOOA531113QTCPBN07')).toBe('format')
  })

  it('refuses the four letters RENAPO never prints, and accepts them with the X', () => {
    // BUEY… is what the letters of Bueno Estrada Yolanda would spell: RENAPO issues BXEY….
    const printed = buildCurp({
      name: 'Yolanda',
      lastName: 'Bueno',
      secondLastName: 'Estrada',
      birthDate: '1988-09-09',
      sex: 'M',
      stateCurpCode: 'SL',
    })
    const offensive = `BUEY${printed.slice(4, 17)}`
    expect(validateCurp(offensive + curpCheckDigit(offensive))).toBe('word')
    expect(validateCurp(printed)).toBeNull()
  })

  it('refuses an unknown state code and accepts NE (born abroad)', () => {
    const unknownState = 'LOOA531113HZZPBN0'
    expect(validateCurp(unknownState + curpCheckDigit(unknownState))).toBe('state')
    const abroad = buildCurp({
      name: 'Lucía',
      lastName: 'Ortega',
      secondLastName: 'Smith',
      birthDate: '1985-07-04',
      sex: 'M',
      stateCurpCode: 'NE',
    })
    expect(abroad.slice(11, 13)).toBe('NE')
    expect(isValidCurp(abroad)).toBe(true)
  })

  it('knows 29 February only in leap years', () => {
    const leap = buildCurp({
      name: 'Rosa',
      lastName: 'Díaz',
      secondLastName: 'Luna',
      birthDate: '1996-02-29',
      sex: 'M',
      stateCurpCode: 'PL',
    })
    expect(isValidCurp(leap)).toBe(true)
    const notLeap = `${leap.slice(0, 4)}970229${leap.slice(10, 17)}`
    expect(validateCurp(notLeap + curpCheckDigit(notLeap))).toBe('date')
  })

  it('reads the century from the 17th character: a digit before 2000, a letter from 2000', () => {
    expect(curpBirthDate('PEGJ900512HJCRRS04')).toBe('1990-05-12')
    const millennial = buildCurp({
      name: 'Diego',
      lastName: 'Ruiz',
      secondLastName: 'Soto',
      birthDate: '2003-11-30',
      sex: 'H',
      stateCurpCode: 'NL',
    })
    expect(millennial.charAt(16)).toBe('A')
    expect(curpBirthDate(millennial)).toBe('2003-11-30')
  })

  it('gives the translated message key through the shared schema', () => {
    const result = v.safeParse(Curp, 'LOOA531113HTCPBN08')
    expect(result.success).toBe(false)
    expect(result.issues?.[0]?.message).toBe('curp.invalid')
    expect(v.parse(Curp, ' looa531113htcpbn07')).toBe('LOOA531113HTCPBN07')
  })
})

describe('building a CURP', () => {
  it('follows RENAPO’s letters, date, sex, state and consonants', () => {
    expect(
      buildCurp({
        name: 'Juan',
        lastName: 'Pérez',
        secondLastName: 'García',
        birthDate: '1990-05-12',
        sex: 'H',
        stateCurpCode: 'JC',
      }),
    ).toBe('PEGJ900512HJCRRN02')
  })

  it('skips José and María in compound given names and particles in surnames', () => {
    const curp = buildCurp({
      name: 'María Fernanda',
      lastName: 'de la Cruz',
      secondLastName: 'Ávila',
      birthDate: '1979-03-08',
      sex: 'M',
      stateCurpCode: 'VZ',
    })
    expect(curp.slice(0, 4)).toBe('CUAF')
    expect(curp.slice(13, 16)).toBe('RVR')
  })

  it('writes X for a missing second surname and for Ñ', () => {
    const curp = buildCurp({
      name: 'Iñaki',
      lastName: 'Muñoz',
      birthDate: '1992-01-15',
      sex: 'H',
      stateCurpCode: 'DF',
    })
    expect(curp.slice(0, 4)).toBe('MUXI')
    expect(curp.slice(13, 16)).toBe('XXX')
    expect(isValidCurp(curp)).toBe(true)
  })

  it('replaces the second letter of an inconvenient word with X', () => {
    const curp = buildCurp({
      name: 'Yolanda',
      lastName: 'Bueno',
      secondLastName: 'Estrada',
      birthDate: '1988-09-09',
      sex: 'M',
      stateCurpCode: 'SL',
    })
    expect(curp.slice(0, 4)).toBe('BXEY')
    expect(isValidCurp(curp)).toBe(true)
  })
})
