import { describe, expect, it } from 'vitest'
import { printableInput, printableText } from './printable-text'

describe('text the standard font can show', () => {
  it('keeps Spanish, Latin-1 signs and WinAnsi punctuation as they are', () => {
    const spanish = 'Niño de 8 años, Lasègue (-)? ¡No! 37.8 °C, 27.6 kg/m², ½ tableta, µg'
    expect(printableText(spanish)).toBe(spanish)
    expect(printableText('“Dolor” – 3 días… €')).toBe('“Dolor” – 3 días… €')
    expect(printableText('línea uno\nlínea dos')).toBe('línea uno\nlínea dos')
  })

  it('composes accents typed as two characters', () => {
    const decomposed = 'Jose\u0301 Nu\u0301n\u0303ez'
    expect(printableText(decomposed)).toBe('José Núñez')
  })

  it('spells the usual clinical signs and replaces what the font lacks', () => {
    expect(printableText('Fiebre ≥ 38 °C → paracetamol; TA ≤ 90/60')).toBe(
      'Fiebre >= 38 °C -> paracetamol; TA <= 90/60',
    )
    expect(printableText('Dosis 5 μg')).toBe('Dosis 5 µg')
    expect(printableText('Se siente mejor 😊 ✓')).toBe('Se siente mejor ? ?')
    expect(printableText('uno\r\ndos\rtres\tcuatro')).toBe('uno\ndos\ntres    cuatro')
    expect(printableText('nulo\u0000aquí')).toBe('nuloaquí')
  })

  it('walks an input, leaving dates, numbers and missing values alone', () => {
    const at = new Date('2026-11-23T16:30:00Z')
    const input = { when: at, weight: 72.5, note: null, lines: [{ text: 'a ≥ b' }], name: 'José' }
    const printable = printableInput(input)
    expect(printable).toEqual({
      when: at,
      weight: 72.5,
      note: null,
      lines: [{ text: 'a >= b' }],
      name: 'José',
    })
    expect(printable.when).toBe(at)
  })
})
