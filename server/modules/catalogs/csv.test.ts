import { describe, expect, it } from 'vitest'
import { parseCsv } from './csv'
import { decodeCatalogText } from './decode'

const records = (text: string) => [...parseCsv(text)]

describe('reading an agency CSV', () => {
  it('splits fields and numbers the lines, for LF and CRLF endings', () => {
    expect(records('a,b\n01,001\r\n02,002\r\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['01', '001'] },
      { line: 3, fields: ['02', '002'] },
    ])
  })

  it('keeps commas and doubled quotes inside quoted fields', () => {
    const [row] = records('20,549,"HEROICA VILLA TEZOATLÁN DE SEGURA Y LUNA, CUNA DE LA INDEPENDENCIA",x')
    expect(row?.fields[2]).toBe('HEROICA VILLA TEZOATLÁN DE SEGURA Y LUNA, CUNA DE LA INDEPENDENCIA')
    expect(records('"U06""",Uso emergente de U06')[0]?.fields).toEqual(['U06"', 'Uso emergente de U06'])
  })

  it('keeps a line break inside quotes, and counts it for the lines after', () => {
    expect(records('a,"dos\nlíneas"\nb,c')).toEqual([
      { line: 1, fields: ['a', 'dos\nlíneas'] },
      { line: 3, fields: ['b', 'c'] },
    ])
  })

  it('skips blank lines and keeps empty trailing fields', () => {
    expect(records('a,b\n\n\nc,\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 4, fields: ['c', ''] },
    ])
  })

  it('flags a quote left open to the end of the file', () => {
    expect(records('a,"sin cerrar\nb,c')).toEqual([
      { line: 1, fields: ['a', 'sin cerrar\nb,c'], unterminated: true },
    ])
  })
})

describe('decoding an agency file', () => {
  it('drops the UTF-8 byte-order mark', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('EFE_KEY,MUNICIPIO')])
    expect(decodeCatalogText(bytes)).toBe('EFE_KEY,MUNICIPIO')
  })

  it('reads Windows-1252 when the bytes are not UTF-8', () => {
    const bytes = Uint8Array.from(Buffer.from('01,004,Cosío\n31,050,Mérida', 'latin1'))
    expect(decodeCatalogText(bytes)).toBe('01,004,Cosío\n31,050,Mérida')
  })
})
