import { describe, expect, it } from 'vitest'
import { prescriptionProblem, prescriptionProblemOf } from './prescription'

const PARACETAMOL = '0190a1b2-0000-7000-8000-000000000001'
const IBUPROFEN = '0190a1b2-0000-7000-8000-000000000002'
const TABLET_500 = '0190a1b2-0000-7000-8000-00000000000a'
const TABLET_750 = '0190a1b2-0000-7000-8000-00000000000b'

const line = (medicine_id: string, presentation_id: string, dose: string) => ({
  medicine_id,
  presentation_id,
  dose,
})

describe('the prescription rules of SPEC §5 and §8', () => {
  it('takes a first line, and a line of another medicine', () => {
    expect(prescriptionProblemOf([], line(PARACETAMOL, TABLET_500, '500 mg'))).toBeNull()
    expect(
      prescriptionProblemOf([line(PARACETAMOL, TABLET_500, '500 mg')], line(IBUPROFEN, TABLET_750, '400 mg')),
    ).toBeNull()
  })

  it('names the very dose again a duplicate dose, whatever its case and spaces', () => {
    const held = [line(PARACETAMOL, TABLET_500, '500 mg')]
    expect(prescriptionProblemOf(held, line(PARACETAMOL, TABLET_500, '500 mg'))).toBe(
      'medicine.duplicateDose',
    )
    expect(prescriptionProblemOf(held, line(PARACETAMOL, TABLET_500, ' 500 MG '))).toBe(
      'medicine.duplicateDose',
    )
  })

  it('names the same medicine in another presentation or dose a duplicate medicine', () => {
    const held = [line(PARACETAMOL, TABLET_500, '500 mg')]
    expect(prescriptionProblemOf(held, line(PARACETAMOL, TABLET_750, '750 mg'))).toBe('medicine.duplicate')
    expect(prescriptionProblemOf(held, line(PARACETAMOL, TABLET_500, '1 g'))).toBe('medicine.duplicate')
  })

  it('judges a whole prescription line by line, the first duplicate first', () => {
    expect(prescriptionProblem([])).toBeNull()
    expect(
      prescriptionProblem([line(PARACETAMOL, TABLET_500, '500 mg'), line(IBUPROFEN, TABLET_750, '400 mg')]),
    ).toBeNull()
    expect(
      prescriptionProblem([
        line(PARACETAMOL, TABLET_500, '500 mg'),
        line(IBUPROFEN, TABLET_750, '400 mg'),
        line(IBUPROFEN, TABLET_750, '400 mg'),
        line(PARACETAMOL, TABLET_750, '750 mg'),
      ]),
    ).toBe('medicine.duplicateDose')
    expect(
      prescriptionProblem([line(PARACETAMOL, TABLET_500, '500 mg'), line(PARACETAMOL, TABLET_750, '750 mg')]),
    ).toBe('medicine.duplicate')
  })
})
